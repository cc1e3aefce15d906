import { asc, eq, sql } from 'drizzle-orm';
import type { OrgUnit, OrgUnitBody, OrgUnitNode } from '../../../common/contracts/content';
import { CONTENT_MESSAGES, ORG_UNIT_DEPTH_MAX, ORG_UNIT_MAX } from '../../../common/constants';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { orgUnits } from '../../db/schema';
import { AppError, badRequest, conflict, isForeignKeyViolation, notFound } from '../../errors';
import { plainField } from '../../lib/sanitize';

// The organisation chart (组织架构): a small tree read whole. A township's chart has tens of
// units; the cap keeps "load everything, build the tree in memory" honest.

const unitColumns = {
  id: orgUnits.id,
  parentId: orgUnits.parentId,
  name: orgUnits.name,
  leader: orgUnits.leader,
  position: orgUnits.position,
  phone: orgUnits.phone,
  sort: orgUnits.sort,
  members: orgUnits.members,
};

/** Every unit, siblings ordered by sort then id (the tree keeps that order). */
async function allUnits(db: DbOrTx): Promise<OrgUnit[]> {
  return db.select(unitColumns).from(orgUnits).orderBy(asc(orgUnits.sort), asc(orgUnits.id)).limit(ORG_UNIT_MAX);
}

/** The forest of units: roots, each with its children in order. */
export function buildTree(units: OrgUnit[]): OrgUnitNode[] {
  const nodes = new Map<number, OrgUnitNode>(units.map((unit) => [unit.id, { ...unit, children: [] }]));
  const roots: OrgUnitNode[] = [];
  for (const unit of units) {
    const node = nodes.get(unit.id) as OrgUnitNode;
    const parent = unit.parentId === null ? undefined : nodes.get(unit.parentId);
    // A parent beyond the cap cannot exist (the cap refuses new units), but never lose a unit.
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export async function orgTree(db: DbOrTx): Promise<OrgUnitNode[]> {
  return buildTree(await allUnits(db));
}

export async function orgUnitOrFail(db: DbOrTx, id: number): Promise<OrgUnit> {
  const [unit] = await db.select(unitColumns).from(orgUnits).where(eq(orgUnits.id, id));
  if (!unit) throw notFound('单位');
  return unit;
}

/** Level of each unit (roots are level 1) and height of each subtree (a leaf is 1). */
function shape(units: OrgUnit[]) {
  const parentOf = new Map(units.map((u) => [u.id, u.parentId]));
  const depth = (id: number) => {
    let level = 0;
    for (let at: number | null | undefined = id; at != null && level <= units.length; at = parentOf.get(at)) level++;
    return level;
  };
  const children = new Map<number, number[]>();
  for (const u of units) if (u.parentId !== null) children.set(u.parentId, [...(children.get(u.parentId) ?? []), u.id]);
  const height = (id: number): number => 1 + Math.max(0, ...(children.get(id) ?? []).map(height));
  const isDescendant = (candidate: number, of: number) => {
    for (let at: number | null | undefined = parentOf.get(candidate); at != null; at = parentOf.get(at)) {
      if (at === of) return true;
    }
    return false;
  };
  return { exists: (id: number) => parentOf.has(id), depth, height, isDescendant };
}

const values = (body: OrgUnitBody) => ({
  name: plainField(body.name),
  parentId: body.parentId,
  leader: plainField(body.leader),
  position: plainField(body.position),
  phone: plainField(body.phone),
  sort: body.sort ?? 0,
  members: plainField(body.members),
});

/**
 * Tree changes run one at a time: each reads the whole (small) tree under a table lock that
 * readers pass but other writers wait for, so two moves at once cannot build a cycle between
 * them and a unit cannot gain a child while it is being deleted.
 */
async function lockTree(tx: Tx): Promise<OrgUnit[]> {
  await tx.execute(sql`lock table ${orgUnits} in share row exclusive mode`);
  return tx.select(unitColumns).from(orgUnits);
}

export async function createOrgUnit(db: Db, body: OrgUnitBody): Promise<number> {
  return db.transaction(async (tx) => {
    const units = await lockTree(tx);
    if (units.length >= ORG_UNIT_MAX) throw conflict(CONTENT_MESSAGES.orgFull);
    const tree = shape(units);
    if (body.parentId !== null) {
      if (!tree.exists(body.parentId)) throw badRequest('parentId', '上级单位', CONTENT_MESSAGES.orgUnknownParent);
      if (tree.depth(body.parentId) + 1 > ORG_UNIT_DEPTH_MAX) throw badRequest('parentId', '上级单位', CONTENT_MESSAGES.orgTooDeep);
    }
    const [created] = await tx.insert(orgUnits).values(values(body)).returning({ id: orgUnits.id });
    return created.id;
  });
}

export async function updateOrgUnit(db: Db, id: number, body: OrgUnitBody): Promise<void> {
  await db.transaction(async (tx) => {
    const units = await lockTree(tx);
    const tree = shape(units);
    if (!tree.exists(id)) throw notFound('单位');
    const parentId = body.parentId;
    if (parentId !== null) {
      if (parentId === id) throw badRequest('parentId', '上级单位', CONTENT_MESSAGES.orgSelfParent);
      if (!tree.exists(parentId)) throw badRequest('parentId', '上级单位', CONTENT_MESSAGES.orgUnknownParent);
      if (tree.isDescendant(parentId, id)) throw badRequest('parentId', '上级单位', CONTENT_MESSAGES.orgUnderItself);
      // The unit moves with everything under it.
      if (tree.depth(parentId) + tree.height(id) > ORG_UNIT_DEPTH_MAX) {
        throw badRequest('parentId', '上级单位', `移动后将超过${ORG_UNIT_DEPTH_MAX}级，请选择更高一级的上级单位`);
      }
    }
    await tx
      .update(orgUnits)
      .set({ ...values(body), updatedAt: sql`now()` })
      .where(eq(orgUnits.id, id));
  });
}

export async function deleteOrgUnit(db: Db, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const units = await lockTree(tx);
      if (!units.some((u) => u.id === id)) throw notFound('单位');
      if (units.some((u) => u.parentId === id)) throw conflict(CONTENT_MESSAGES.orgHasChildren);
      await tx.delete(orgUnits).where(eq(orgUnits.id, id));
    });
  } catch (error) {
    // The foreign key is the second guard.
    if (!(error instanceof AppError) && isForeignKeyViolation(error)) throw conflict(CONTENT_MESSAGES.orgHasChildren);
    throw error;
  }
}
