import { ORG_UNIT_DEPTH_MAX } from '@common/constants';
import type { OrgUnitNode } from '@common/contracts/content';

/** A unit as the table shows it: leaves have no `children` (so no expand button). */
export interface OrgUnitRow extends Omit<OrgUnitNode, 'children'> {
  depth: number;
  childCount: number;
  children?: OrgUnitRow[];
}

export function toRows(nodes: OrgUnitNode[], depth = 1): OrgUnitRow[] {
  return nodes.map(({ children, ...unit }) => ({
    ...unit,
    depth,
    childCount: children.length,
    children: children.length ? toRows(children, depth + 1) : undefined,
  }));
}

/** Every unit id in a tree (for 展开全部). */
export const allParentIds = (rows: OrgUnitRow[]): number[] =>
  rows.flatMap((row) => (row.children ? [row.id, ...allParentIds(row.children)] : []));

export const countUnits = (rows: OrgUnitRow[]): number => rows.reduce((sum, row) => sum + 1 + countUnits(row.children ?? []), 0);

export function findRow(rows: OrgUnitRow[], id: number): OrgUnitRow | undefined {
  for (const row of rows) {
    if (row.id === id) return row;
    const found = row.children && findRow(row.children, id);
    if (found) return found;
  }
  return undefined;
}

/** How many levels a unit spans with its descendants (1 for a leaf). */
const subtreeHeight = (row: OrgUnitRow): number => 1 + Math.max(0, ...(row.children ?? []).map(subtreeHeight));

/**
 * The units whose name contains `keyword`, with their ancestors (so the path stays visible) and
 * the ids to expand to show them. An empty keyword keeps the whole tree.
 */
export function filterRows(rows: OrgUnitRow[], keyword: string): { rows: OrgUnitRow[]; expand: number[]; matches: number } {
  const word = keyword.trim();
  if (!word) return { rows, expand: [], matches: 0 };
  const expand: number[] = [];
  let matches = 0;
  const walk = (list: OrgUnitRow[]): OrgUnitRow[] =>
    list.flatMap((row) => {
      const children = row.children ? walk(row.children) : [];
      const hit = row.name.includes(word);
      if (hit) matches += 1;
      if (!hit && !children.length) return [];
      if (children.length) expand.push(row.id);
      return [{ ...row, children: children.length ? children : undefined }];
    });
  return { rows: walk(rows), expand, matches };
}

interface ParentOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: ParentOption[];
}

/**
 * The parent choices for a unit: the tree without the unit itself and its descendants; parents
 * that would put it deeper than ORG_UNIT_DEPTH_MAX levels are shown but cannot be picked.
 */
export function parentOptions(rows: OrgUnitRow[], moving?: OrgUnitRow): ParentOption[] {
  const height = moving ? subtreeHeight(moving) : 1;
  const walk = (list: OrgUnitRow[]): ParentOption[] =>
    list
      .filter((row) => row.id !== moving?.id)
      .map((row) => ({
        value: row.id,
        title: row.name,
        disabled: row.depth + height > ORG_UNIT_DEPTH_MAX,
        children: row.children ? walk(row.children) : undefined,
      }));
  return walk(rows);
}

/** A new unit goes last among its siblings, following their numbering (steps of 10, or of 1). */
export function nextSort(siblings: Array<{ sort: number }>): number {
  if (!siblings.length) return 1;
  const max = Math.max(...siblings.map((s) => s.sort));
  const step = siblings.every((s) => s.sort % 10 === 0) ? 10 : 1;
  return Math.min(9999, max + step);
}
