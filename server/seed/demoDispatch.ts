import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appeals, areas, roles, serviceEvents, userNotices, users } from '../db/schema';
import { dispatchAppeal, moveAppeal } from '../services/people/appeals';
import { type AuthUser, effectivePermissions } from '../services/accounts/sessions';

// 转派 in the demo (ADR 0031): appeals the town handed down to a village, so that a cadre's
// 转派诉求 and a villager's bell show something on a new install. The steps go through the services
// the routes call (the same checks, history rows and notices), then each is moved back to its
// planned time, as the rest of the demo is spread over the past weeks.

/** Days before now. */
type DaysAgo = number;

export interface DemoHandOver {
  /** The town-wide handler who hands it down. */
  by: string;
  /** The village (area id) it is handed to. */
  area: number;
  at: DaysAgo;
  note: string;
  /** What a cadre of that village did with it afterwards. */
  accept?: { by: string; at: DaysAgo };
  reply?: { by: string; at: DaysAgo; text: string };
}

/** A notice older than this the villager has read since (the bell shows only the recent ones). */
const READ_AFTER_DAYS = 3;
const DAY = 24 * 3600_000;

type Step = { appealId: number; at: DaysAgo; run: () => Promise<void>; column: 'dispatchedAt' | 'acceptedAt' | 'repliedAt' };

/** The account as a signed-in request would carry it (the services take the caller). */
async function signedIn(db: Db, userId: number): Promise<AuthUser> {
  const [row] = await db
    .select({
      id: users.id,
      account: users.account,
      name: users.name,
      phone: users.phone,
      roleId: users.roleId,
      roleCode: roles.code,
      roleName: roles.name,
      permissions: roles.permissions,
      dataScope: roles.dataScope,
      area: users.area,
      areaName: areas.name,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(areas, eq(areas.id, users.area))
    .where(eq(users.id, userId));
  return {
    ...row,
    permissions: effectivePermissions(row.roleCode, row.permissions),
    mustChangePassword: false,
    sessionId: 0,
  };
}

/** Moves the step just taken on an appeal (its history row, its notice, its time column) to `at`. */
async function backdate(db: Db, appealId: number, column: Step['column'], at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [event] = await tx
      .select({ id: serviceEvents.id })
      .from(serviceEvents)
      .where(eq(serviceEvents.appealId, appealId))
      .orderBy(desc(serviceEvents.id))
      .limit(1);
    await tx.update(serviceEvents).set({ createdAt: at }).where(eq(serviceEvents.id, event.id));
    // Earlier steps' notices were moved to earlier times already: only this step's is later.
    await tx
      .update(userNotices)
      .set({ createdAt: at })
      .where(and(eq(userNotices.appealId, appealId), gt(userNotices.createdAt, at)));
    await tx
      .update(appeals)
      .set({ [column]: at, updatedAt: at })
      .where(eq(appeals.id, appealId));
  });
}

/**
 * Hands the demo's appeals down and lets the cadres act, every step in time order across all of
 * them (notices are listed by id, so they must be written oldest first).
 */
export async function handDownDemoAppeals(
  db: Db,
  handOvers: Array<{ appealId: number; plan: DemoHandOver }>,
  userId: (account: string) => number,
): Promise<void> {
  const now = Date.now();
  const as = async (account: string) => signedIn(db, userId(account));
  const steps: Step[] = [];
  for (const { appealId, plan } of handOvers) {
    steps.push({
      appealId,
      at: plan.at,
      column: 'dispatchedAt',
      run: async () => dispatchAppeal(db, await as(plan.by), appealId, { areaId: plan.area, note: plan.note }),
    });
    const { accept, reply } = plan;
    if (accept) {
      steps.push({
        appealId,
        at: accept.at,
        column: 'acceptedAt',
        run: async () => moveAppeal(db, await as(accept.by), appealId, 'accept', '', 'cadre'),
      });
    }
    if (reply) {
      steps.push({
        appealId,
        at: reply.at,
        column: 'repliedAt',
        run: async () => moveAppeal(db, await as(reply.by), appealId, 'reply', reply.text, 'cadre'),
      });
    }
  }
  steps.sort((a, b) => b.at - a.at);
  for (const step of steps) {
    await step.run();
    await backdate(db, step.appealId, step.column, new Date(now - step.at * DAY));
  }
  await db
    .update(userNotices)
    .set({ readAt: sql`${userNotices.createdAt} + interval '2 hours'` })
    .where(lt(userNotices.createdAt, new Date(now - READ_AFTER_DAYS * DAY)));
}
