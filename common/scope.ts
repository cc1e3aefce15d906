import { type DataScope, TASK_ROLE_CODES } from './constants';

/**
 * How far a signed-in person reaches (docs/product.md §1): the whole town, one area, or only their
 * own rows. A role of scope `area` held by someone without an area reaches their own rows: an
 * area scope with nothing to bound it must never read as "no bound". The server's scope.ts turns
 * a reach into conditions; the client reads it to show or hide what the server refuses anyway.
 */
export type Reach = { kind: 'town' } | { kind: 'area'; area: number } | { kind: 'own'; userId: number };

export function reachOf(user: { id: number; dataScope: DataScope; area: number | null }): Reach {
  if (user.dataScope === 'all') return { kind: 'town' };
  if (user.dataScope === 'area' && user.area !== null) return { kind: 'area', area: user.area };
  return { kind: 'own', userId: user.id };
}

/** Whether a role's holders (or a signed-in person) reach the whole town: they alone change town-wide records. */
export const reachesTown = (holder: { dataScope: DataScope }) => holder.dataScope === 'all';

/** The one area a person is bounded to, or undefined for the town and own-rows reaches. */
export function boundArea(user: { id: number; dataScope: DataScope; area: number | null }): number | undefined {
  const reach = reachOf(user);
  return reach.kind === 'area' ? reach.area : undefined;
}

/**
 * Roles whose holders must live in a village (社区): task roles (cadres), villagers, and any
 * area-scoped role, whose reach is otherwise their own rows only.
 */
const PLACE_BOUND_ROLE_CODES: readonly string[] = [...TASK_ROLE_CODES, 'villager'];

export const roleNeedsArea = (role: { code: string; dataScope: DataScope }) =>
  role.dataScope === 'area' || PLACE_BOUND_ROLE_CODES.includes(role.code);

export const ROLE_NEEDS_AREA_MESSAGE = '该角色必须选择所属村（社区）';
