/**
 * 组织架构 › 村（社区） (server/routes/system.ts, ADR 0050): the areas of mock/fixtures.ts as managed
 * data, changed in place so GET /areas follows. `resetVillagesDb()` runs after each test.
 */
import { TOWN_AREA_ID } from '@common/constants';
import { type VillageBody, type VillageItem, VILLAGE_MESSAGES } from '@common/contracts/system';
import { areas } from './fixtures';
import { admin, apiError, invalid, okEmpty, okPage, okWithMessage } from './http';
import { contains } from './query';

const initial = areas.map((a) => ({ ...a }));
const archivedAt = new Map<number, string>();
const STAMP = '2026-11-20T02:30:00.000Z';

export function resetVillagesDb() {
  areas.splice(0, areas.length, ...initial.map((a) => ({ ...a })));
  archivedAt.clear();
}

const item = (id: number): VillageItem => {
  const area = areas.find((a) => a.id === id)!;
  return { ...area, archivedAt: archivedAt.get(id) ?? null, updatedAt: STAMP };
};
const inOrder = () => [...areas].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);

/** The server's checks of a body (server/services/system/villages.ts), as far as a page can trip them. */
function refusal(body: VillageBody, id: number | null): Response | undefined {
  const name = body.name?.trim() ?? '';
  if (!name) return invalid([{ field: 'name', label: '名称', message: '不能为空' }]);
  if (body.code !== null && !/^\d{12}$/.test(body.code)) return invalid([{ field: 'code', label: '区划代码', message: '应为12位数字' }]);
  if (areas.some((a) => a.id !== id && a.name === name)) {
    return apiError(409, VILLAGE_MESSAGES.nameTaken(name), [{ field: 'name', label: '名称', message: VILLAGE_MESSAGES.nameTaken(name) }]);
  }
  return undefined;
}

export const villageHandlers = [
  admin.get('/villages', ({ request }) => {
    const url = new URL(request.url);
    const status = url.searchParams.get('status');
    return okPage(
      inOrder()
        .filter((a) => contains(a.name, url.searchParams.get('name')))
        .filter((a) => !status || (status === 'active') === a.active)
        .map((a) => item(a.id)),
      url,
    );
  }),
  admin.post('/villages', async ({ request }) => {
    const body = (await request.json()) as VillageBody;
    const refused = refusal(body, null);
    if (refused) return refused;
    const id = Math.max(...areas.map((a) => a.id)) + 1;
    areas.push({ id, name: body.name.trim(), code: body.code, sortOrder: body.sortOrder, active: true });
    return okWithMessage(item(id), VILLAGE_MESSAGES.created);
  }),
  admin.put('/villages/:id', async ({ request, params }) => {
    const id = Number(params.id);
    const area = areas.find((a) => a.id === id);
    if (!area) return apiError(404, '村（社区）不存在');
    const body = (await request.json()) as VillageBody;
    const refused = refusal(body, id);
    if (refused) return refused;
    Object.assign(area, { name: body.name.trim(), code: body.code, sortOrder: body.sortOrder });
    return okWithMessage(item(id), VILLAGE_MESSAGES.updated);
  }),
  ...(['archive', 'restore'] as const).map((step) =>
    admin.post(`/villages/:id/${step}`, ({ params }) => {
      const id = Number(params.id);
      const area = areas.find((a) => a.id === id);
      if (!area) return apiError(404, '村（社区）不存在');
      if (id === TOWN_AREA_ID) return apiError(409, VILLAGE_MESSAGES.townFixed);
      area.active = step === 'restore';
      if (area.active) archivedAt.delete(id);
      else archivedAt.set(id, STAMP);
      return okWithMessage(item(id), step === 'archive' ? VILLAGE_MESSAGES.archived : VILLAGE_MESSAGES.restored);
    }),
  ),
  admin.delete('/villages/:id', ({ params }) => {
    const id = Number(params.id);
    // The default villages carry the fixtures' accounts and records.
    if (id <= initial.length) return apiError(409, id === TOWN_AREA_ID ? VILLAGE_MESSAGES.townFixed : VILLAGE_MESSAGES.inUse);
    const at = areas.findIndex((a) => a.id === id);
    if (at < 0) return apiError(404, '村（社区）不存在');
    areas.splice(at, 1);
    return okEmpty(VILLAGE_MESSAGES.deleted);
  }),
];
