import { eq, sql } from 'drizzle-orm';
import { ADMIN_ROLE_CODE, PERMISSION_KEYS, type PermissionKey, TOWN_AREA_ID } from '../../common/constants';
import { CENTRE_ID, CENTRE_PLACEHOLDER, villagePlaceholder } from '../services/content/introductions';
import { hashPassword, generatePassword } from '../lib/passwords';
import { DEFAULT_SETTINGS, clearLegacyPlaceholders, settingRows } from '../services/system/settings';
import { seedWorkCalendar } from '../services/system/workCalendar';
import type { FileStorage } from '../lib/storage';
import type { Db } from '../db/client';
import { seedDemo } from './demo';
import { areas, centreIntroduction, roles, settings, users, villageIntroductions } from '../db/schema';

const VILLAGE_NAMES = ['第一村', '第二村', '第三村', '第四村', '第五村', '第六村', '第七村', '第八村', '第九村', '第十村', '第十一村'];

const BUILT_IN_ROLE_SEED: Array<{
  code: string;
  name: string;
  permissions: PermissionKey[];
  dataScope: 'all' | 'area' | 'self';
}> = [
  { code: ADMIN_ROLE_CODE, name: '超级管理员', permissions: [...PERMISSION_KEYS], dataScope: 'all' },
  {
    code: 'staff',
    name: '中心工作人员',
    permissions: PERMISSION_KEYS.filter((k) => k !== 'userManage'),
    dataScope: 'all',
  },
  { code: 'village', name: '村干部/网格员', permissions: [], dataScope: 'area' },
  { code: 'villager', name: '村民', permissions: [], dataScope: 'self' },
];

interface SeedResult {
  /** Set when this run created the admin account with a generated password. */
  generatedAdminPassword?: string;
  /** Set when this run wrote the demo with a generated password (DEMO_PASSWORD unset). */
  generatedDemoPassword?: string;
  createdAdmin: boolean;
  seededDemo: boolean;
}

/** Reference data every database needs; safe to run at every start. */
export async function seedReference(db: Db): Promise<void> {
  // A new install starts with the town community and eleven villages (ids 1–12); after that the
  // list is the admins' (ADR 0050): a village they deleted is not brought back at the next start.
  const [anyArea] = await db.select({ id: areas.id }).from(areas).limit(1);
  if (!anyArea) {
    await db
      .insert(areas)
      .values(
        [{ id: TOWN_AREA_ID, name: '镇社区' }, ...VILLAGE_NAMES.map((name, i) => ({ id: i + 2, name }))].map((a) => ({
          ...a,
          sortOrder: a.id,
        })),
      )
      .onConflictDoNothing();
  }
  // One introduction for the centre and one per area, as clearly marked placeholders; an
  // existing row (edited or not) is never touched.
  await db
    .insert(centreIntroduction)
    .values({ id: CENTRE_ID, ...CENTRE_PLACEHOLDER })
    .onConflictDoNothing();
  const areaRows = await db.select({ id: areas.id, name: areas.name }).from(areas);
  await db
    .insert(villageIntroductions)
    .values(areaRows.map((area) => ({ area: area.id, content: villagePlaceholder(area.name) })))
    .onConflictDoNothing();
  await db.insert(settings).values(settingRows(DEFAULT_SETTINGS)).onConflictDoNothing();
  await clearLegacyPlaceholders(db);
  await seedWorkCalendar(db);
  await db
    .insert(roles)
    .values(BUILT_IN_ROLE_SEED.map((r) => ({ ...r, builtIn: true })))
    .onConflictDoNothing({ target: roles.code });
  // The admin role holds every key, including keys added by later releases.
  await db
    .update(roles)
    .set({ permissions: [...PERMISSION_KEYS], dataScope: 'all' })
    .where(eq(roles.code, ADMIN_ROLE_CODE));
}

export async function seed(
  db: Db,
  /** `storage` receives the demo's photos; it is needed when `demo` is set. */
  opts: { adminPassword?: string; demoPassword?: string; demo: boolean; storage?: FileStorage },
): Promise<SeedResult> {
  await seedReference(db);
  const [{ userCount }] = await db.select({ userCount: sql<number>`count(*)::int` }).from(users);
  const result: SeedResult = { createdAdmin: false, seededDemo: false };
  if (userCount > 0) return result;

  const [adminRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, ADMIN_ROLE_CODE));
  const password = opts.adminPassword ?? generatePassword();
  await db
    .insert(users)
    .values({
      account: 'admin',
      name: '系统管理员',
      phone: '13800000000',
      passwordHash: await hashPassword(password),
      roleId: adminRole.id,
      area: 1,
      status: 'active',
      // A generated password was printed to a console: it is changed before anything else is done.
      // One the operator chose (ADMIN_PASSWORD) is theirs already.
      mustChangePassword: !opts.adminPassword,
    })
    .onConflictDoNothing();
  result.createdAdmin = true;
  if (!opts.adminPassword) result.generatedAdminPassword = password;
  if (opts.demo) {
    if (!opts.storage) throw new Error('seed: demo content needs a file storage for its photos');
    const demoPassword = opts.demoPassword ?? generatePassword();
    await seedDemo(db, opts.storage, demoPassword);
    result.seededDemo = true;
    if (!opts.demoPassword) result.generatedDemoPassword = demoPassword;
  }
  return result;
}
