/**
 * The admin content pages' records (docs/product.md §5), shared by /api/news (mock/news.ts),
 * /api/introductions (mock/introductions.ts), /api/org-units (mock/orgUnits.ts) and their uploads:
 * three news (published and pinned, a draft, one offline), the centre's and the villages'
 * introductions, and a small organisation tree. Add their handlers with `contentHandlers`
 * (mock/scenarios.ts) and call `resetContentDb()` in a beforeEach.
 */
import type { CenterIntroduction, NewsDetail, OrgUnitNode, VillageIntroduction } from '@common/contracts/content';
import type { ImageRef } from '@common/contracts/tasks';
import { adminUser, areaLabel, areas } from './fixtures';

const past = (days: number) => new Date(Date.now() - days * 86400000).toISOString();

export const image = (id: number): ImageRef => ({ id, url: `/api/uploads/content-${id}.jpg`, width: 1200, height: 675 });

export function newsDetail(seed: Partial<NewsDetail> & Pick<NewsDetail, 'id' | 'title' | 'status'>): NewsDetail {
  const area = seed.area ?? null;
  return {
    summary: '',
    column: 1,
    area,
    areaName: areaLabel(area),
    cover: null,
    pinned: false,
    views: 0,
    authorId: adminUser.id,
    authorName: adminUser.name,
    publishedAt: seed.status === 'draft' ? null : past(2),
    createdAt: past(3),
    updatedAt: past(1),
    content: '<p>镇党委召开专题会议，部署下一阶段重点工作。</p>',
    ...seed,
  };
}

const initialNews = (): NewsDetail[] => [
  newsDetail({
    id: 1,
    title: '我镇召开人居环境整治推进会',
    status: 'published',
    summary: '会议通报了各村整治进展，部署下一阶段任务。',
    cover: image(901),
    pinned: true,
    views: 128,
    content:
      '<h2>会议要点</h2><p>各村要在月底前完成<strong>主干道</strong>清扫。</p><p><img src="/api/uploads/content-902.jpg" alt="会场"></p>',
  }),
  newsDetail({ id: 2, title: '关于开展秋季防火宣传的通知（草稿）', status: 'draft', column: 2, area: 3 }),
  newsDetail({ id: 3, title: '第一村村务公开：上半年财务收支', status: 'offline', column: 4, area: 2, views: 40 }),
];

function initialCenter(): CenterIntroduction {
  return {
    title: '某镇综合治理中心',
    content: '<p>中心统筹全镇综治、信访、网格化服务管理等工作。</p>',
    images: [image(801), image(802)],
    updatedAt: past(5),
    updatedByName: adminUser.name,
  };
}

function initialVillages(): VillageIntroduction[] {
  return areas.map((area) => ({
    area: area.id,
    name: area.name,
    summary: '',
    content: area.id === 2 ? '<p>第一村位于镇区东侧，以水稻种植为主。</p>' : '',
    cover: area.id === 2 ? image(700) : null,
    population: area.id === 2 ? 1860 : null,
    households: area.id === 2 ? 520 : null,
    landArea: area.id === 2 ? 3200.5 : null,
    partyMembers: area.id === 2 ? 46 : null,
    leader: area.id === 2 ? '王建国' : '',
    phone: area.id === 2 ? '0571-8888123' : '',
    updatedAt: area.id === 2 ? past(10) : null,
  }));
}

/** The org units as stored: a flat list with parent ids. */
export type OrgUnitRow = Omit<OrgUnitNode, 'children'>;
/** An org unit as stored, empty but for what is given. */
export const orgUnitRow = (id: number, parentId: number | null, name: string, more: Partial<OrgUnitRow> = {}): OrgUnitRow => ({
  id,
  parentId,
  name,
  leader: '',
  position: '',
  phone: '',
  sort: 0,
  members: '',
  ...more,
});
const initialUnits = (): OrgUnitRow[] => [
  orgUnitRow(1, null, '镇综合治理中心', { leader: '张明', position: '中心主任', phone: '0571-8888001', sort: 1 }),
  orgUnitRow(2, 1, '综治办', { leader: '李华', position: '办公室主任', sort: 1, members: '王芳、赵强、刘洋' }),
  orgUnitRow(3, 1, '网格管理站', { leader: '陈刚', position: '站长', sort: 2 }),
  orgUnitRow(4, 3, '第一网格', { leader: '周丽', position: '网格长', sort: 1 }),
  orgUnitRow(5, null, '村级工作站', { sort: 2 }),
];

export const contentDb = {
  news: initialNews(),
  center: initialCenter(),
  villages: initialVillages(),
  units: initialUnits(),
  nextId: 1000,
};

export function resetContentDb() {
  contentDb.news = initialNews();
  contentDb.center = initialCenter();
  contentDb.villages = initialVillages();
  contentDb.units = initialUnits();
  contentDb.nextId = 1000;
}
