import type { OrgUnitNode } from '@common/contracts/content';
import { allParentIds, countUnits, filterRows, findRow, nextSort, parentOptions, toRows } from './orgTree';

const node = (id: number, name: string, children: OrgUnitNode[] = [], parentId: number | null = null): OrgUnitNode => ({
  id,
  parentId,
  name,
  leader: '',
  position: '',
  phone: '',
  sort: 0,
  members: '',
  children,
});

// 1 中心 → 2 综治办, 3 网格站 → 4 第一网格 → 5 第一小组; 6 村级工作站
const tree = toRows([
  node(1, '中心', [node(2, '综治办', [], 1), node(3, '网格站', [node(4, '第一网格', [node(5, '第一小组', [], 4)], 3)], 1)]),
  node(6, '村级工作站'),
]);

test('rows know their depth and children; leaves have none', () => {
  expect(findRow(tree, 5)).toMatchObject({ depth: 4, childCount: 0, children: undefined });
  expect(findRow(tree, 3)).toMatchObject({ depth: 2, childCount: 1 });
  expect(allParentIds(tree)).toEqual([1, 3, 4]);
  expect(countUnits(tree)).toBe(6);
});

test('a search keeps matches with their ancestors and expands the path', () => {
  const { rows, expand, matches } = filterRows(tree, '第一');
  expect(matches).toBe(2);
  expect(rows.map((r) => r.id)).toEqual([1]);
  expect(findRow(rows, 2)).toBeUndefined();
  expect(findRow(rows, 5)).toBeDefined();
  expect(expand.sort()).toEqual([1, 3, 4]);
  expect(filterRows(tree, '  ').rows).toBe(tree);
  expect(filterRows(tree, '没有').rows).toEqual([]);
});

test('a unit cannot move under itself or its descendants, nor deeper than five levels', () => {
  const options = parentOptions(tree, findRow(tree, 3));
  const ids = (list: typeof options): number[] => list.flatMap((o) => [o.value, ...ids(o.children ?? [])]);
  expect(ids(options)).toEqual([1, 2, 6]);
  // 网格站 spans three levels (3 → 4 → 5): under 综治办 (level 2) it would reach level 5, still allowed.
  expect(options[0].children?.find((o) => o.value === 2)?.disabled).toBe(false);
  // A leaf may go under 第一小组 (level 4) but nothing deeper exists; a new unit likewise.
  const forNew = parentOptions(tree);
  const fifth = forNew[0].children?.[1].children?.[0].children?.[0];
  expect(fifth).toMatchObject({ value: 5, disabled: false });
  const twoLevels = parentOptions(tree, findRow(tree, 4));
  expect(twoLevels[0].children?.[1]).toMatchObject({ value: 3, disabled: false });
  const deep = parentOptions(toRows([node(10, '甲', [node(11, '乙', [node(12, '丙', [node(13, '丁', [node(14, '戊')])])])])]));
  expect(deep[0].children?.[0].children?.[0].children?.[0].children?.[0]).toMatchObject({ value: 14, disabled: true });
});

test('a new unit is numbered after its siblings, in their steps', () => {
  expect(nextSort([])).toBe(1);
  expect(nextSort([{ sort: 10 }, { sort: 30 }, { sort: 20 }])).toBe(40);
  expect(nextSort([{ sort: 1 }, { sort: 2 }])).toBe(3);
  expect(nextSort([{ sort: 9995 }])).toBe(9996);
  expect(nextSort([{ sort: 9990 }])).toBe(9999);
});
