/**
 * /api/public/* of server/routes/publicContent.ts, for the public and phone pages
 * (docs/product.md §5): published news, the centre's and the villages' introductions and the
 * organisation chart, all readable without signing in. Use `usePublicContentHandlers()`
 * (mock/scenarios.ts) after `useMockServer()`; tests change `publicContentDb` (e.g. empty the org
 * tree) inside a test.
 */
import { NEWS_COLUMNS } from '@common/constants';
import type { CenterIntroduction, OrgUnitNode, PublicNewsDetail, VillageIntroduction } from '@common/contracts/content';
import { orgUnitRow } from './contentDb';
import { areaLabel, areas } from './fixtures';
import { apiError, ok, okPage, route } from './http';

/** A title with markup in it: pages must show it as text. */
export const MARKUP_TITLE = '<img src=x onerror=alert(1)>关于开展人居环境整治的通知';

const cover = (id: number) => ({ id, url: `/api/uploads/news-${id}.jpg`, width: 1200, height: 675 });

/** 23 published news: 3 pinned (with covers), newest first by id; columns cycle 1–4. */
function initialNews(): PublicNewsDetail[] {
  return Array.from({ length: 23 }, (_, i) => {
    const id = i + 1;
    const column = (i % NEWS_COLUMNS.length) + 1;
    const area = id % 3 === 0 ? (id % 11) + 2 : null;
    const day = String(28 - i).padStart(2, '0');
    return {
      id,
      title: id === 5 ? MARKUP_TITLE : `${NEWS_COLUMNS[column - 1]}第${id}期：镇村联动推进基层治理`,
      summary: `第${id}期摘要：各村（社区）按照镇党委部署扎实推进各项工作。`,
      column,
      area,
      areaName: areaLabel(area),
      cover: id <= 3 || id % 4 === 0 ? cover(100 + id) : null,
      pinned: id <= 3,
      views: 100 + id * 7,
      authorName: '张三',
      publishedAt: `2024-06-${day}T08:00:00.000Z`,
      content:
        id === 5
          ? '<p>请各村<strong>立即组织</strong>开展人居环境整治。</p><table><tbody><tr><td>村名</td><td>完成时间</td></tr></tbody></table>'
          : `<p>第${id}期正文。</p><p><img src="/api/uploads/news-body-${id}.jpg" alt=""></p>`,
    };
  });
}

const initialCenter = (): CenterIntroduction => ({
  title: '某镇综合治理中心简介',
  content:
    '<p>中心是全镇<strong>矛盾纠纷化解</strong>、社会治理的综合平台。</p><h3>主要职能</h3><ul><li>受理群众诉求</li><li>统筹网格管理</li></ul>',
  images: [
    { id: 201, url: '/api/uploads/center-1.jpg', width: 1200, height: 800 },
    { id: 202, url: '/api/uploads/center-2.jpg', width: 1200, height: 800 },
  ],
  updatedAt: '2024-05-20T08:00:00.000Z',
  updatedByName: '系统管理员',
});

/** One introduction per area; the last one has no figures filled in. */
function initialVillages(): VillageIntroduction[] {
  return areas.map(({ id, name }) => {
    const blank = id === 12;
    return {
      area: id,
      name,
      summary: blank ? '' : `${name}位于镇域${id % 2 ? '东' : '西'}部，交通便利，特色产业发展良好。`,
      content: blank ? '' : `<p>${name}位于镇域${id % 2 ? '东' : '西'}部。</p><p>村内有<strong>特色种植</strong>基地。</p>`,
      cover: id <= 4 ? { id: 300 + id, url: `/api/uploads/village-${id}.jpg`, width: 1200, height: 800 } : null,
      population: blank ? null : 1000 + id * 150,
      households: blank ? null : 300 + id * 40,
      landArea: blank ? null : 2000 + id * 125.5,
      partyMembers: blank ? null : 30 + id * 3,
      leader: blank ? '' : `村支书${id}`,
      phone: blank ? '' : `0571-8800${String(id).padStart(4, '0')}`,
      updatedAt: blank ? null : '2024-05-01T08:00:00.000Z',
    };
  });
}

/** A node of the tree, sorted by its id. */
const unit = (id: number, parentId: number | null, name: string, fields: Partial<OrgUnitNode> = {}): OrgUnitNode => ({
  ...orgUnitRow(id, parentId, name, { sort: id }),
  children: [],
  ...fields,
});

function initialOrgUnits(): OrgUnitNode[] {
  return [
    unit(1, null, '镇综合治理中心', {
      leader: '王建国',
      position: '主任',
      phone: '0571-88001111',
      members: '李明、赵丽、孙强',
      children: [
        unit(2, 1, '综治办公室', {
          leader: '陈平',
          position: '办公室主任',
          children: [
            unit(5, 2, '网格管理组', { leader: '周敏', position: '组长', members: '网格员甲\n网格员乙' }),
            unit(6, 2, '矛盾调解组'),
          ],
        }),
        unit(3, 1, '党建办公室', { leader: '刘芳', position: '办公室主任' }),
        unit(4, 1, '应急管理办公室', { leader: '吴刚', position: '办公室主任', phone: '0571-88002222' }),
      ],
    }),
  ];
}

export const publicContentDb = {
  news: initialNews(),
  center: initialCenter(),
  villages: initialVillages(),
  orgUnits: initialOrgUnits(),
};

export function resetPublicContentDb() {
  publicContentDb.news = initialNews();
  publicContentDb.center = initialCenter();
  publicContentDb.villages = initialVillages();
  publicContentDb.orgUnits = initialOrgUnits();
}

const listItem = ({ content: _content, ...item }: PublicNewsDetail) => item;

export const publicContentHandlers = [
  route.get('/public/news', ({ request }) => {
    const url = new URL(request.url);
    const q = url.searchParams;
    const column = Number(q.get('column')) || undefined;
    const area = Number(q.get('area')) || undefined;
    const pinned = q.get('pinned');
    const title = q.get('title');
    const list = publicContentDb.news
      .filter(
        (n) =>
          (!column || n.column === column) &&
          (!area || n.area === area || n.area === null) &&
          (pinned == null || String(n.pinned) === pinned) &&
          (!title || n.title.includes(title)),
      )
      .sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.publishedAt.localeCompare(a.publishedAt) || b.id - a.id);
    return okPage(list.map(listItem), url);
  }),

  route.get('/public/news/:id', ({ params }) => {
    const news = publicContentDb.news.find((n) => n.id === Number(params.id));
    return news ? ok({ ...news, views: news.views + 1 }) : apiError(404, '新闻不存在或已下线');
  }),

  route.get('/public/introductions/center', () => ok(publicContentDb.center)),

  route.get('/public/introductions/villages', () => ok(publicContentDb.villages)),

  route.get('/public/introductions/villages/:area', ({ params }) => {
    const village = publicContentDb.villages.find((v) => v.area === Number(params.area));
    return village ? ok(village) : apiError(404, '村情介绍不存在');
  }),

  route.get('/public/org-units', () => ok(publicContentDb.orgUnits)),
];
