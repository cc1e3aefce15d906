/**
 * /api/org-units (server/routes/orgUnits.ts) for the admin pages: the tree, adding, changing
 * (never under itself) and deleting (never with children), on the records of mock/contentDb.ts.
 */
import { CONTENT_MESSAGES } from '@common/constants';
import type { OrgUnitBody, OrgUnitNode } from '@common/contracts/content';
import { contentDb, type OrgUnitRow } from './contentDb';
import { admin, apiError, invalid, ok, okEmpty } from './http';
import { blankTitle } from './news';

function buildTree(rows: OrgUnitRow[], parentId: number | null = null): OrgUnitNode[] {
  return rows
    .filter((r) => r.parentId === parentId)
    .sort((a, b) => a.sort - b.sort || a.id - b.id)
    .map((r) => ({ ...r, children: buildTree(rows, r.id) }));
}

const descendantsOf = (id: number): number[] => {
  const children = contentDb.units.filter((u) => u.parentId === id).map((u) => u.id);
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
};
const notFound = () => apiError(404, '单位不存在');

export const orgUnitHandlers = [
  admin.get('/org-units', () => ok(buildTree(contentDb.units))),

  admin.post('/org-units', async ({ request }) => {
    const body = (await request.json()) as OrgUnitBody;
    if (blankTitle(body.name)) return invalid([{ field: 'name', label: '名称', message: '不能为空' }]);
    if (body.parentId !== null && !contentDb.units.some((u) => u.id === body.parentId)) {
      return invalid([{ field: 'parentId', label: '上级单位', message: CONTENT_MESSAGES.orgUnknownParent }]);
    }
    const row = { ...body, id: contentDb.nextId++ };
    contentDb.units.push(row);
    return ok(row);
  }),

  admin.put('/org-units/:id', async ({ request, params }) => {
    const row = contentDb.units.find((u) => u.id === Number(params.id));
    if (!row) return notFound();
    const body = (await request.json()) as OrgUnitBody;
    const parentError = (message: string) => invalid([{ field: 'parentId', label: '上级单位', message }]);
    if (body.parentId === row.id) return parentError(CONTENT_MESSAGES.orgSelfParent);
    if (body.parentId !== null && descendantsOf(row.id).includes(body.parentId)) return parentError(CONTENT_MESSAGES.orgUnderItself);
    Object.assign(row, body);
    return ok({ ...row });
  }),

  admin.delete('/org-units/:id', ({ params }) => {
    const id = Number(params.id);
    if (!contentDb.units.some((u) => u.id === id)) return notFound();
    if (contentDb.units.some((u) => u.parentId === id)) return apiError(409, CONTENT_MESSAGES.orgHasChildren);
    contentDb.units = contentDb.units.filter((u) => u.id !== id);
    return okEmpty('已删除');
  }),
];
