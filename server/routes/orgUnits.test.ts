import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { gt } from 'drizzle-orm';
import type { OrgUnit, OrgUnitNode } from '../../common/contracts/content';
import { ORG_UNIT_DEPTH_MAX } from '../../common/constants';
import { orgUnits } from '../db/schema';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { createOrgUnit, flatten, orgBody, postOrgUnit, publicTree, putOrgUnit } from '../../tests/helpers/content';
import { expectError, expectOk } from '../../tests/helpers/tasks';
import { ORG_UNIT_MAX } from '../../common/constants';

let t: TestContext;
let staff: string;

before(async () => {
  t = await createTestContext({ config: { apiDocs: true } });
  staff = await t.login('staff01');
});
after(async () => {
  await t.close();
});

const tree = async () => expectOk(await t.call(staff, { method: 'GET', url: '/api/org-units' })) as OrgUnitNode[];
const del = (id: number) => t.call(staff, { method: 'DELETE', url: `/api/org-units/${id}` });
const find = (nodes: OrgUnitNode[], id: number) => flatten(nodes).find((n) => n.id === id);

/** A chain of `length` units, each under the previous one, below `parentId`. */
async function chain(length: number, parentId: number | null, name: string): Promise<OrgUnit[]> {
  const units: OrgUnit[] = [];
  for (let i = 0; i < length; i++) {
    units.push(await createOrgUnit(t, staff, { name: `${name}${i + 1}`, parentId: units.at(-1)?.id ?? parentId }));
  }
  return units;
}

describe('the tree', () => {
  test('the demo chart: one centre, offices under it, teams under those, siblings in their sort order', async () => {
    const nodes = await tree();
    assert.deepEqual(expectOk(await t.call(undefined, { method: 'GET', url: '/api/public/org-units' })), nodes);
    assert.equal(nodes.length, 1);
    assert.equal(nodes[0].name, '镇综合治理中心');
    const all = flatten(nodes);
    assert.ok(all.length >= 15);
    assert.equal(Math.max(...all.map((n) => n.level)), 3);
    assert.ok(nodes[0].children.some((n) => n.name === '网格管理中心' && n.children.length === 3));
    for (const node of all) {
      const keys = node.children.map((c) => [c.sort, c.id]);
      const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      assert.deepEqual(keys, sorted, node.name);
      assert.ok(node.children.every((c) => c.parentId === node.id));
    }
  });

  test('the recursive tree schema serialises (no extra fields) and documents itself in the OpenAPI page', async () => {
    const docs = await t.call(undefined, { method: 'GET', url: '/api/docs/json' });
    assert.equal(docs.statusCode, 200);
    const schema = JSON.stringify(docs.json().paths['/api/public/org-units'].get.responses['200']);
    assert.match(schema, /"\$ref":"#\/components\/schemas\/def-\d+"/);
    const node = (await tree())[0];
    assert.deepEqual(Object.keys(node).sort(), ['children', 'id', 'leader', 'members', 'name', 'parentId', 'phone', 'position', 'sort']);
  });

  test('a new unit: plain fields trimmed, placed under its parent in sort order, then by id', async () => {
    const root = await createOrgUnit(t, staff, {
      name: '  排序测试  ',
      leader: ' 张三 ',
      position: '组长',
      phone: '13800001111',
      members: '甲、乙\n丙',
      sort: 5,
    });
    assert.deepEqual(root, {
      id: root.id,
      parentId: null,
      name: '排序测试',
      leader: '张三',
      position: '组长',
      phone: '13800001111',
      sort: 5,
      members: '甲、乙\n丙',
    });
    const late = await createOrgUnit(t, staff, { name: '乙', parentId: root.id, sort: 20 });
    const early = await createOrgUnit(t, staff, { name: '甲', parentId: root.id, sort: 10 });
    const tie = await createOrgUnit(t, staff, { name: '丙', parentId: root.id, sort: 10 });
    const { sort: _default, ...withoutSort } = orgBody({ name: '默认排序', parentId: root.id });
    const first = expectOk(await t.call(staff, { method: 'POST', url: '/api/org-units', payload: withoutSort })) as OrgUnit;
    assert.equal(first.sort, 0);
    const node = find(await publicTree(t), root.id) as OrgUnitNode;
    assert.deepEqual(
      node.children.map((c) => c.id),
      [first.id, early.id, tie.id, late.id],
    );
  });

  test('bad input is a 400 naming the field; an unknown parent names parentId', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: ' ' }, 'name'],
      [{ name: '长'.repeat(51) }, 'name'],
      [{ leader: '长'.repeat(31) }, 'leader'],
      [{ position: '长'.repeat(31) }, 'position'],
      [{ phone: '电话' }, 'phone'],
      [{ sort: -1 }, 'sort'],
      [{ sort: 10000 }, 'sort'],
      [{ sort: 1.5 }, 'sort'],
      [{ members: '长'.repeat(2001) }, 'members'],
      [{ parentId: 0 }, 'parentId'],
      [{ parentId: 'x' }, 'parentId'],
    ];
    for (const [overrides, field] of cases) expectError(await postOrgUnit(t, staff, overrides), 400, undefined, field);
    expectError(await postOrgUnit(t, staff, { parentId: 99999 }), 400, '上级单位：上级单位不存在，请刷新后重新选择', 'parentId');
    const body: Record<string, unknown> = orgBody();
    delete body.parentId;
    expectError(await t.call(staff, { method: 'POST', url: '/api/org-units', payload: body }), 400, '上级单位：不能为空', 'parentId');
    expectError(await putOrgUnit(t, staff, 99999), 404, '单位不存在');
    expectError(await del(99999), 404, '单位不存在');
  });
});

describe('tree rules', () => {
  test(`at most ${ORG_UNIT_DEPTH_MAX} levels, for new units and for moved subtrees`, async () => {
    const levels = await chain(ORG_UNIT_DEPTH_MAX, null, '层级');
    expectError(
      await postOrgUnit(t, staff, { name: '太深', parentId: levels.at(-1)?.id }),
      400,
      `上级单位：组织架构最多${ORG_UNIT_DEPTH_MAX}级，不能再往下添加`,
      'parentId',
    );
    // A two-level subtree fits under level 3, not under level 4.
    const [top] = await chain(2, null, '子树');
    expectError(await putOrgUnit(t, staff, top.id, { name: '子树1', parentId: levels[3].id }), 400, /^上级单位：移动后将超过/, 'parentId');
    expectOk(await putOrgUnit(t, staff, top.id, { name: '子树1', parentId: levels[2].id }));
    assert.equal(find(await tree(), top.id)?.level, 4);
  });

  test('a unit cannot move under itself or anything below it', async () => {
    const [a, b, c] = await chain(3, null, '环');
    expectError(
      await putOrgUnit(t, staff, a.id, { name: '环1', parentId: a.id }),
      400,
      '上级单位：不能把单位设为自己的上级单位',
      'parentId',
    );
    expectError(
      await putOrgUnit(t, staff, a.id, { name: '环1', parentId: b.id }),
      400,
      '上级单位：不能把单位移到它自己的下级单位之下',
      'parentId',
    );
    expectError(await putOrgUnit(t, staff, a.id, { name: '环1', parentId: c.id }), 400, undefined, 'parentId');
    expectError(await putOrgUnit(t, staff, a.id, { name: '环1', parentId: 99999 }), 400, undefined, 'parentId');
    // Moving up and out is fine: c becomes a root, then a may go under it.
    expectOk(await putOrgUnit(t, staff, c.id, { name: '环3', parentId: null }));
    const moved = expectOk(await putOrgUnit(t, staff, a.id, { name: '环1（移）', parentId: c.id, sort: 3 })) as OrgUnit;
    assert.deepEqual([moved.parentId, moved.name, moved.sort], [c.id, '环1（移）', 3]);
    const node = find(await tree(), c.id) as OrgUnitNode;
    assert.deepEqual(
      flatten([node]).map((n) => n.id),
      [c.id, a.id, b.id],
    );
  });

  test('two crossing moves at once cannot build a cycle: one wins, the other is refused', async () => {
    const [x, y] = [await createOrgUnit(t, staff, { name: '交叉甲' }), await createOrgUnit(t, staff, { name: '交叉乙' })];
    const results = await Promise.all([
      putOrgUnit(t, staff, x.id, { name: '交叉甲', parentId: y.id }),
      putOrgUnit(t, staff, y.id, { name: '交叉乙', parentId: x.id }),
    ]);
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 400]);
    const all = flatten(await tree());
    assert.ok(all.some((n) => n.id === x.id) && all.some((n) => n.id === y.id), 'both still reachable from a root');
  });

  test('a unit with children cannot be deleted; once they are gone it can', async () => {
    const [parent, child] = await chain(2, null, '删除');
    expectError(await del(parent.id), 409, '该单位下还有下级单位，请先删除或移走下级单位');
    assert.deepEqual((await del(child.id)).json(), { code: 200, message: '单位已删除' });
    assert.equal((await del(parent.id)).statusCode, 200);
    expectError(await del(parent.id), 404, '单位不存在');
    const all = flatten(await tree());
    assert.ok(!all.some((n) => n.id === parent.id || n.id === child.id));
  });

  test(`the chart holds at most ${ORG_UNIT_MAX} units`, async () => {
    const before = flatten(await tree()).length;
    const maxId = Math.max(...flatten(await tree()).map((n) => n.id));
    const filler = Array.from({ length: ORG_UNIT_MAX - before }, (_, i) => ({ name: `填充${i}` }));
    for (let i = 0; i < filler.length; i += 500) await t.database.db.insert(orgUnits).values(filler.slice(i, i + 500));
    try {
      assert.equal(flatten(await tree()).length, ORG_UNIT_MAX);
      expectError(await postOrgUnit(t, staff, { name: '多一个' }), 409, `组织架构最多${ORG_UNIT_MAX}个单位，已达上限`);
    } finally {
      await t.database.db.delete(orgUnits).where(gt(orgUnits.id, maxId));
    }
    expectOk(await postOrgUnit(t, staff, { name: '又能加了' }));
  });
});
