import type { CenterIntroduction, NewsDetail, NewsItem, OrgUnit, OrgUnitNode, VillageIntroduction } from '../../common/contracts/content';
import type { TestContext } from './app';
import { expectOk } from './tasks';

// Shared steps of the news, introduction and org-unit tests.

export const newsBody = (overrides: Record<string, unknown> = {}) => ({
  title: '测试新闻',
  summary: '',
  content: '<p>新闻正文。</p>',
  column: 1,
  area: null,
  coverId: null,
  pinned: false,
  ...overrides,
});

export async function createNews(t: TestContext, token: string, overrides: Record<string, unknown> = {}): Promise<NewsDetail> {
  return expectOk(await t.call(token, { method: 'POST', url: '/api/news', payload: newsBody(overrides) }));
}

export const newsAction = (t: TestContext, token: string, id: number, action: 'publish' | 'offline' | 'pin' | 'unpin') =>
  t.call(token, { method: 'POST', url: `/api/news/${id}/${action}` });

export async function publishedNews(t: TestContext, token: string, overrides: Record<string, unknown> = {}): Promise<NewsItem> {
  const draft = await createNews(t, token, overrides);
  return expectOk(await newsAction(t, token, draft.id, 'publish'));
}

export const centreBody = (overrides: Record<string, unknown> = {}) => ({
  title: '中心介绍',
  content: '<p>中心简介。</p>',
  imageIds: [],
  ...overrides,
});

export const saveCentre = (t: TestContext, token: string, overrides: Record<string, unknown> = {}) =>
  t.call(token, { method: 'PUT', url: '/api/introductions/center', payload: centreBody(overrides) });

export async function publicCentre(t: TestContext): Promise<CenterIntroduction> {
  return expectOk(await t.call(undefined, { method: 'GET', url: '/api/public/introductions/center' }));
}

export const villageBody = (overrides: Record<string, unknown> = {}) => ({
  name: '测试村',
  content: '<p>村情介绍。</p>',
  coverId: null,
  population: 1200,
  households: 350,
  landArea: 3600.5,
  partyMembers: 40,
  leader: '王书记',
  phone: '0731-84560000',
  ...overrides,
});

export const saveVillage = (t: TestContext, token: string, area: number, overrides: Record<string, unknown> = {}) =>
  t.call(token, { method: 'PUT', url: `/api/introductions/villages/${area}`, payload: villageBody(overrides) });

export async function publicVillage(t: TestContext, area: number): Promise<VillageIntroduction> {
  return expectOk(await t.call(undefined, { method: 'GET', url: `/api/public/introductions/villages/${area}` }));
}

export const orgBody = (overrides: Record<string, unknown> = {}) => ({
  name: '测试单位',
  parentId: null,
  leader: '',
  position: '',
  phone: '',
  sort: 0,
  members: '',
  ...overrides,
});

export const postOrgUnit = (t: TestContext, token: string, overrides: Record<string, unknown> = {}) =>
  t.call(token, { method: 'POST', url: '/api/org-units', payload: orgBody(overrides) });

export async function createOrgUnit(t: TestContext, token: string, overrides: Record<string, unknown> = {}): Promise<OrgUnit> {
  return expectOk(await postOrgUnit(t, token, overrides));
}

export const putOrgUnit = (t: TestContext, token: string, id: number, overrides: Record<string, unknown> = {}) =>
  t.call(token, { method: 'PUT', url: `/api/org-units/${id}`, payload: orgBody(overrides) });

/** Every node of a tree, depth first, with its level (roots are 1). */
export function flatten(nodes: OrgUnitNode[], level = 1): Array<OrgUnitNode & { level: number }> {
  return nodes.flatMap((node) => [{ ...node, level }, ...flatten(node.children, level + 1)]);
}

export async function publicTree(t: TestContext): Promise<OrgUnitNode[]> {
  return expectOk(await t.call(undefined, { method: 'GET', url: '/api/public/org-units' }));
}
