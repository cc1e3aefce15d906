import { inArray, isNotNull, sql } from 'drizzle-orm';
import { hashPassword } from '../lib/passwords';
import { recordPhotoMatches } from '../services/uploads/photoMatches';
import type { FileStorage } from '../lib/storage';
import type { Db } from '../db/client';
import { seedDemoContent } from './demoContent';
import { seedDemoPeople } from './demoPeople';
import { seedDemoTasks } from './demoTasks';
import {
  appeals,
  demoRecords,
  groups,
  news,
  opinionKeywords,
  opinions,
  orgUnits,
  photoReports,
  roles,
  scoreLedger,
  submissions,
  tasks,
  uploads,
  userGroups,
  users,
  villageIntroductions,
} from '../db/schema';

const DEMO_GROUPS = [
  { name: '网格员', description: '各村（社区）网格员，负责网格内巡查与信息上报' },
  { name: '村两委', description: '村党组织委员会与村民委员会成员' },
  { name: '党员', description: '辖区内在册党员' },
];

const DEMO_USERS: Array<{
  account: string;
  name: string;
  phone: string;
  role: string;
  area: number | null;
  status: 'active' | 'pending';
  groups: string[];
}> = [
  { account: 'staff01', name: '李晓燕', phone: '13900000001', role: 'staff', area: 1, status: 'active', groups: ['党员'] },
  { account: 'staff02', name: '王建国', phone: '13900000002', role: 'staff', area: 1, status: 'active', groups: [] },
  { account: 'cadre02', name: '张红梅', phone: '13900000102', role: 'village', area: 2, status: 'active', groups: ['村两委', '党员'] },
  { account: 'grid02', name: '刘志强', phone: '13900000112', role: 'village', area: 2, status: 'active', groups: ['网格员'] },
  { account: 'cadre03', name: '陈立新', phone: '13900000103', role: 'village', area: 3, status: 'active', groups: ['村两委'] },
  { account: 'grid04', name: '赵丽娟', phone: '13900000114', role: 'village', area: 4, status: 'active', groups: ['网格员', '党员'] },
  { account: 'villager02', name: '周大伯', phone: '13900000202', role: 'villager', area: 2, status: 'active', groups: [] },
  { account: 'villager03', name: '吴秀兰', phone: '13900000203', role: 'villager', area: 3, status: 'active', groups: [] },
  { account: 'newcomer05', name: '孙家豪', phone: '13900000205', role: 'villager', area: 5, status: 'pending', groups: [] },
];

/** A small living township for a newcomer's first look; only on a new embedded database. */
/**
 * `password` is every demo account's: one per install, generated and printed at first start unless
 * DEMO_PASSWORD sets it (the tests do), so no published password opens a live deployment.
 */
export async function seedDemo(db: Db, storage: FileStorage, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const ids = await db.transaction(async (tx) => {
    const userIds = new Map<string, number>();
    const groupRows = await tx.insert(groups).values(DEMO_GROUPS).onConflictDoNothing().returning();
    const groupIds = new Map(groupRows.map((g) => [g.name, g.id]));
    const roleRows = await tx
      .select({ id: roles.id, code: roles.code })
      .from(roles)
      .where(inArray(roles.code, [...new Set(DEMO_USERS.map((u) => u.role))]));
    const roleIds = new Map(roleRows.map((r) => [r.code, r.id]));
    for (const demo of DEMO_USERS) {
      const [user] = await tx
        .insert(users)
        .values({
          account: demo.account,
          name: demo.name,
          phone: demo.phone,
          passwordHash,
          roleId: roleIds.get(demo.role) as number,
          area: demo.area,
          status: demo.status,
        })
        .returning({ id: users.id });
      userIds.set(demo.account, user.id);
      const memberOf = demo.groups.map((g) => groupIds.get(g)).filter((id): id is number => !!id);
      if (memberOf.length) await tx.insert(userGroups).values(memberOf.map((groupId) => ({ userId: user.id, groupId })));
    }
    return { users: userIds, groups: groupIds };
  });
  await seedDemoTasks(db, storage, ids);
  await seedDemoContent(db, storage, ids);
  await seedDemoPeople(db, storage, ids);
  // The near-identical photos among the records, as attaching them one by one would have found.
  const hashed = await db.select({ id: uploads.id }).from(uploads).where(isNotNull(uploads.phash));
  await recordPhotoMatches(
    db,
    hashed.map((row) => row.id),
  );
  await recordDemoRows(db, [...ids.users.values()]);
}

/**
 * Tables whose rows, right after the demo was written into a new database, are all the demo's.
 * Their children (images, events, memberships, target areas) follow their parents.
 */
const DEMO_TABLES = {
  groups,
  tasks,
  submissions,
  score_ledger: scoreLedger,
  uploads,
  news,
  org_units: orgUnits,
  appeals,
  photo_reports: photoReports,
  opinions,
  opinion_keywords: opinionKeywords,
} as const;

/**
 * Lists in demo_records what the demo wrote, so that 清除演示数据 removes exactly that (ADR 0024).
 * Runs on a new database, where only the admin and reference data were there before.
 */
async function recordDemoRows(db: Db, userIds: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(demoRecords).values(userIds.map((rowId) => ({ tableName: 'users', rowId })));
    for (const [name, table] of Object.entries(DEMO_TABLES)) {
      await tx.execute(sql`insert into ${demoRecords} (table_name, row_id) select ${name}, id from ${table}`);
    }
    // The introductions it filled in (they existed before, as placeholders).
    await tx.insert(demoRecords).values({ tableName: 'centre_introduction', rowId: 1 });
    await tx.execute(
      sql`insert into ${demoRecords} (table_name, row_id) select 'village_introductions', area from ${villageIntroductions} where updated_at is not null`,
    );
  });
}
