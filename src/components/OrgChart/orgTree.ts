import type { OrgUnitNode } from '@common/contracts/content';

/**
 * Members as a list: the admin types one per line or separates them with 、. A free sentence
 * ('队员12人，实行24小时轮班巡逻') stays one item.
 */
export function memberList(members: string): string[] {
  return members
    .split(/[\n\r、]+/)
    .map((m) => m.trim())
    .filter(Boolean);
}

export function countUnits(units: OrgUnitNode[]): number {
  return units.reduce((n, u) => n + 1 + countUnits(u.children), 0);
}

/** The unit with this id and its parent (null for a root), or undefined. */
export function findUnit(
  units: OrgUnitNode[],
  id: number,
  parent: OrgUnitNode | null = null,
): { unit: OrgUnitNode; parent: OrgUnitNode | null } | undefined {
  for (const unit of units) {
    if (unit.id === id) return { unit, parent };
    const found = findUnit(unit.children, id, unit);
    if (found) return found;
  }
  return undefined;
}

/**
 * Whether a unit's children hang as a vertical list under it instead of side by side: when they
 * are all leaves (below the top level, or many of them), so the chart stays as wide as the wall.
 */
export function stacksChildren(unit: OrgUnitNode, depth: number): boolean {
  const { children } = unit;
  if (children.length < 2 || children.some((c) => c.children.length > 0)) return false;
  return depth >= 1 || children.length > 6;
}

/** '主任 王建国', '王建国' or '主任'. */
export const leaderLine = (unit: Pick<OrgUnitNode, 'leader' | 'position'>) => [unit.position, unit.leader].filter(Boolean).join(' ');
