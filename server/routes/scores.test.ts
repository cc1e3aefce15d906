import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LedgerEntry, LedgerPage, MyScore, RankingRow } from '../../common/contracts/scores';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { audit, createAccount, expectError, expectOk, lookups, publishedTask, submitOk } from '../../tests/helpers/tasks';
import { scoreLedger, users } from '../db/schema';
import { EXPORT_HEADER, exportRanking } from '../services/tasks/scores';
import type { AuthUser } from '../services/accounts/sessions';

let t: TestContext;
let admin: string;
let staff: string;
let ids: Awaited<ReturnType<typeof lookups>>;

before(async () => {
  t = await createTestContext();
  [admin, staff] = await Promise.all([t.login('admin'), t.login('staff01')]);
  ids = await lookups(t, admin);
});
after(async () => {
  await t.close();
});

const get = (token: string, url: string) => t.call(token, { method: 'GET', url });
const ranking = async (query = '', token = admin) =>
  expectOk(await get(token, `/api/scores/ranking?pageSize=100&${query}`)) as { list: RankingRow[]; total: number };
const adjust = (token: string, payload: Record<string, unknown>) => t.call(token, { method: 'POST', url: '/api/scores/adjust', payload });
const ledgerSums = async () => {
  const rows = await t.database.db
    .select({ userId: scoreLedger.userId, sum: sql<number>`sum(${scoreLedger.delta})::int`.mapWith(Number) })
    .from(scoreLedger)
    .groupBy(scoreLedger.userId);
  return new Map(rows.map((r) => [r.userId, r.sum]));
};
async function workbookOf(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('ranking', () => {
  test('the demo’s points: dense ranks, highest first', async () => {
    const page = await ranking();
    assert.deepEqual(
      page.list.map(({ rank, name, account, area, areaName, points }) => ({ rank, name, account, area, areaName, points })),
      [
        { rank: 1, name: '张红梅', account: 'cadre02', area: 2, areaName: '第一村', points: 28 },
        { rank: 2, name: '刘志强', account: 'grid02', area: 2, areaName: '第一村', points: 21 },
        { rank: 3, name: '赵丽娟', account: 'grid04', area: 4, areaName: '第三村', points: 10 },
        { rank: 4, name: '陈立新', account: 'cadre03', area: 3, areaName: '第二村', points: 8 },
      ],
    );
    assert.equal(page.total, 4);
  });

  test('ties share a rank and are ordered by name, then id; the next rank follows densely', async () => {
    const tied = await Promise.all(
      ['tie_b', 'tie_a', 'tie_c'].map((account) => createAccount(t, admin, { account, roleId: ids.roleIds.village, area: 7 })),
    );
    for (const { id } of tied) expectOk(await adjust(admin, { userId: id, delta: 8, reason: '并列测试' }));
    const { list } = await ranking();
    const tiedRows = list.filter((row) => row.points === 8);
    assert.deepEqual(
      tiedRows.map((row) => row.rank),
      [4, 4, 4, 4],
    );
    const names = tiedRows.map((row) => row.name);
    assert.deepEqual(names, [...names].sort());
    const zero = list.filter((row) => row.points === 0);
    assert.ok(zero.every((row) => row.rank === 5));
    // A user with ledger entries is history: they can be disabled, not deleted.
    expectError(
      await t.call(admin, { method: 'DELETE', url: `/api/users/${tied[0].id}` }),
      409,
      '该用户已有业务记录，不能删除，请改为停用',
    );
  });

  test('filters by area, group and name, and pages', async () => {
    assert.deepEqual(
      (await ranking('area=2')).list.map((r) => r.account),
      ['cadre02', 'grid02'],
    );
    assert.deepEqual(
      (await ranking(`groupId=${ids.groupIds['网格员']}`)).list.map((r) => r.account),
      ['grid02', 'grid04'],
    );
    assert.deepEqual(
      (await ranking(`name=${encodeURIComponent('红梅')}`)).list.map((r) => r.account),
      ['cadre02'],
    );
    const second = expectOk(await get(admin, '/api/scores/ranking?pageSize=2&current=2'));
    assert.deepEqual(
      second.list.map((r: RankingRow) => r.rank),
      [3, 4],
    );
    expectError(await get(admin, '/api/scores/ranking?area=40000'), 400, undefined, 'area');
    expectError(await get(admin, '/api/scores/ranking?from=soon'), 400, undefined, 'from');
  });

  test('over a period, the entries made within it', async () => {
    const since = new Date(Date.now() - 60_000).toISOString();
    const task = await publishedTask(t, staff, { template: '1', imageNum: 0, points: 6, areas: [3] });
    const submission = await submitOk(t, await t.login('cadre03'), task.id, { text: '本周完成' });
    expectOk(await audit(t, staff, submission.id, 'approved'));
    const recent = await ranking(`from=${encodeURIComponent(since)}`);
    const cadre03 = recent.list.find((r) => r.account === 'cadre03');
    assert.equal(cadre03?.points, 6);
    // Only the three tied users' adjustments (8 each, made a moment ago) rank above.
    assert.equal(cadre03?.rank, 2);
    // Village cadres without entries in the period stand at 0.
    assert.equal(recent.list.find((r) => r.account === 'cadre02')?.points, 0);
    const monthAgo = new Date(Date.now() - 30 * 86400_000).toISOString();
    const tenDaysAgo = new Date(Date.now() - 10 * 86400_000).toISOString();
    const window = await ranking(`from=${encodeURIComponent(monthAgo)}&to=${encodeURIComponent(tenDaysAgo)}`);
    // Demo: the spring survey approvals (8 each, 19–24 days ago) and the anti-fraud campaign (4, ~14 days ago).
    assert.deepEqual(
      window.list.filter((r) => r.points > 0).map((r) => [r.rank, r.account, r.points]),
      [
        [1, 'cadre02', 12],
        [2, 'grid02', 8],
        [2, 'cadre03', 8],
      ],
    );
  });

  test('an area-scoped user manager ranks their own area only', async () => {
    const role = expectOk(
      await t.call(admin, {
        method: 'POST',
        url: '/api/roles',
        payload: { name: '村积分管理员', code: 'area_score', permissions: ['userManage'], dataScope: 'area' },
      }),
    );
    const { token } = await createAccount(t, admin, { account: 'scoremgr02', roleId: role.id, area: 2 });
    const page = await ranking('', token);
    assert.deepEqual(
      page.list.map((r) => r.account),
      ['cadre02', 'grid02'],
    );
    expectError(await get(token, `/api/scores/ledger?userId=${ids.userIds.grid04}`), 404, '用户不存在');
    expectOk(await get(token, `/api/scores/ledger?userId=${ids.userIds.grid02}`));
    expectError(await adjust(token, { userId: ids.userIds.grid02, delta: 1, reason: '越权' }), 403);
  });

  test('a town-level manager (the 镇社区, whole-town scope) ranks every village; a village-scoped one only theirs, whatever it filters', async () => {
    const role = async (code: string, dataScope: 'all' | 'area') =>
      expectOk(
        await t.call(admin, {
          method: 'POST',
          url: '/api/roles',
          payload: { name: `积分${code}`, code, permissions: ['userManage'], dataScope },
        }),
      ).id as number;
    const town = await createAccount(t, admin, { account: 'scoretown01', roleId: await role('score_town', 'all'), area: 1 });
    const village = await createAccount(t, admin, { account: 'scorevil04', roleId: await role('score_village', 'area'), area: 4 });
    const everyone = await ranking();
    const byTown = await ranking('', town.token);
    assert.deepEqual(byTown, everyone, 'the town sees the same ranking as the administrator');
    const areas = new Set(byTown.list.map((r) => r.area));
    assert.ok(
      [2, 3, 4].every((area) => areas.has(area)),
      'people of every village',
    );
    assert.deepEqual(
      (await ranking('area=3', town.token)).list.map((r) => r.account),
      ['cadre03'],
    );

    const byVillage = await ranking('', village.token);
    assert.deepEqual(
      byVillage.list.map(({ rank, account, area }) => ({ rank, account, area })),
      [{ rank: 1, account: 'grid04', area: 4 }],
      'ranked within the village, first there',
    );
    // Asking for another village's people finds nobody; they are not theirs to see.
    assert.deepEqual(await ranking('area=2', village.token), { ...byVillage, list: [], total: 0 });
  });
});

describe('the ledger', () => {
  test('a user’s entries, newest first, with their all-time points', async () => {
    const page = expectOk(await get(admin, `/api/scores/ledger?userId=${ids.userIds.grid02}`)) as LedgerPage;
    assert.equal(page.points, 21);
    assert.equal(page.total, 3);
    assert.deepEqual(
      page.list.map((e) => [e.source, e.delta]),
      [
        ['manual', 5],
        ['task', 8],
        ['task', 8],
      ],
    );
    const manual = page.list[0];
    assert.equal(manual.operatorName, '系统管理员');
    assert.equal(manual.taskId, null);
    const fromTask = page.list[1];
    assert.equal(fromTask.taskTitle, '汛期安全隐患排查');
    assert.equal(fromTask.reason, '完成任务「汛期安全隐患排查」');
    assert.ok(fromTask.submissionId);
    const sorted = page.list.map((e) => e.createdAt);
    assert.deepEqual(sorted, [...sorted].sort().reverse());
    expectError(await get(admin, '/api/scores/ledger?userId=99999'), 404, '用户不存在');
    expectError(await get(admin, '/api/scores/ledger'), 400, '用户：不能为空', 'userId');
  });

  test('has no call to change or remove an entry', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      assert.equal((await t.call(admin, { method, url: '/api/scores/ledger/1' })).statusCode, 404);
      assert.equal((await t.call(admin, { method, url: '/api/scores/ledger' })).statusCode, 404);
    }
  });
});

describe('manual adjustment', () => {
  test('appends a manual entry with its operator and moves the total', async () => {
    const before = (await ranking()).list.find((r) => r.account === 'grid04')?.points as number;
    const entry = expectOk(await adjust(admin, { userId: ids.userIds.grid04, delta: -3, reason: '  重复计分更正  ' })) as LedgerEntry;
    assert.equal(entry.source, 'manual');
    assert.equal(entry.delta, -3);
    assert.equal(entry.reason, '重复计分更正');
    assert.equal(entry.operatorId, ids.userIds.admin);
    assert.equal(entry.operatorName, '系统管理员');
    assert.equal((await ranking()).list.find((r) => r.account === 'grid04')?.points, before - 3);
  });

  test('validates: non-zero delta, a reason, an existing user; admins only', async () => {
    expectError(await adjust(admin, { userId: ids.userIds.grid04, delta: 0, reason: '零' }), 400, '调整分值：调整分值不能为0', 'delta');
    expectError(await adjust(admin, { userId: ids.userIds.grid04, delta: 1.5, reason: '小数' }), 400, undefined, 'delta');
    expectError(await adjust(admin, { userId: ids.userIds.grid04, delta: 1, reason: '  ' }), 400, undefined, 'reason');
    expectError(await adjust(admin, { userId: ids.userIds.grid04, delta: 1 }), 400, '调整原因：不能为空', 'reason');
    expectError(await adjust(admin, { userId: 99999, delta: 1, reason: '无此人' }), 400, '用户：用户不存在', 'userId');
    expectError(await adjust(staff, { userId: ids.userIds.grid04, delta: 1, reason: '工作人员' }), 403);
  });

  test('concurrent adjustments all count', async () => {
    const userId = ids.userIds.cadre03;
    const before = expectOk(await get(admin, `/api/scores/ledger?userId=${userId}`)).points;
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => adjust(admin, { userId, delta: 1, reason: `并发${i}` })));
    assert.deepEqual(
      results.map((r) => r.statusCode),
      [200, 200, 200, 200, 200, 200],
    );
    assert.equal(expectOk(await get(admin, `/api/scores/ledger?userId=${userId}`)).points, before + 6);
  });
});

describe('consistency', () => {
  test('each user’s ledger sum equals users.points equals the ranking’s points', async () => {
    const sums = await ledgerSums();
    const stored = await t.database.db.select({ id: users.id, points: users.points }).from(users);
    for (const user of stored) assert.equal(user.points, sums.get(user.id) ?? 0, `user ${user.id}`);
    const { list } = await ranking();
    assert.ok(list.length >= 4);
    for (const row of list) assert.equal(row.points, sums.get(row.userId) ?? 0, row.account);
  });
});

describe('export', () => {
  test('an .xlsx with the header row and one row per ranked user, named in UTF-8', async () => {
    const res = await get(admin, '/api/scores/export');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    assert.equal(
      res.headers['content-disposition'],
      `attachment; filename="ranking.xlsx"; filename*=UTF-8''${encodeURIComponent('积分排行.xlsx')}`,
    );
    const rows = await workbookOf(res.rawPayload);
    assert.deepEqual(rows[0], EXPORT_HEADER);
    const { list, total } = await ranking();
    assert.equal(rows.length, total + 1);
    assert.deepEqual(rows[1], [list[0].rank, list[0].name, list[0].account, list[0].areaName, list[0].points]);
  });

  test('takes the ranking’s filters', async () => {
    const rows = await workbookOf((await get(admin, '/api/scores/export?area=2')).rawPayload);
    assert.deepEqual(
      rows.slice(1).map((row) => row[2]),
      ['cadre02', 'grid02'],
    );
    expectError(await get(admin, '/api/scores/export?groupId=x'), 400, undefined, 'groupId');
    expectError(await get(staff, '/api/scores/export'), 403);
  });

  test('pages through the ranking in batches and loses no row at the seams', async () => {
    const caller = { id: ids.userIds.admin, dataScope: 'all', roleCode: 'admin', area: 1, permissions: [] } as unknown as AuthUser;
    const stream = await exportRanking(t.database.db, caller, {}, 2);
    const chunks: Buffer[] = [];
    for await (const chunk of stream as Readable) chunks.push(chunk as Buffer);
    const rows = await workbookOf(Buffer.concat(chunks));
    const { list } = await ranking();
    assert.deepEqual(
      rows.slice(1).map((row) => row[2]),
      list.map((r) => r.account),
    );
  });
});

describe('my score', () => {
  test('points, the place in the village and the latest entries', async () => {
    const score = expectOk(await get(await t.login('cadre02'), '/api/my/score')) as MyScore;
    assert.equal(score.points, 28);
    assert.equal(score.areaRank, 1);
    assert.equal(score.recent.length, 4);
    assert.equal(score.lastEntryAt, score.recent[0].createdAt);
    const grid02 = expectOk(await get(await t.login('grid02'), '/api/my/score')) as MyScore;
    assert.equal(grid02.areaRank, 2);
    const stored = await t.database.db.select({ points: users.points }).from(users).where(eq(users.account, 'grid02'));
    assert.equal(grid02.points, stored[0].points);
  });
});
