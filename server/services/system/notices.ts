import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { NoticeEntry, NoticeGroup, Notices } from '../../../common/contracts/people';
import type { DbOrTx } from '../../db/client';
import { appeals, areas, photoReports, submissions, tasks, users } from '../../db/schema';
import { hasAccess } from '../accounts/access';
import { appealHandlerScope } from '../people/appeals';
import { appealOverdue } from '../people/peopleCommon';
import { photoReportHandlerScope } from '../people/photoReports';
import { reachesTown } from '../scope';
import { listUserNotices } from '../people/userNotices';
import type { AuthUser } from '../accounts/sessions';
import { reviewScope } from '../tasks/submissions';

/** How many of a group's latest items the bell lists. */
const NOTICE_ITEMS = 5;

const entry = (row: { id: number; title: string; name: string; areaName: string; time: Date }): NoticeEntry => ({
  id: row.id,
  title: row.title,
  subtitle: `${row.name} · ${row.areaName}`,
  time: row.time.toISOString(),
});

async function submissionsGroup(db: DbOrTx, caller: AuthUser): Promise<NoticeGroup> {
  // A reviewer cannot review their own report, so it is not their pending work.
  const where = and(eq(submissions.status, 'pending'), reviewScope(caller), ne(submissions.userId, caller.id));
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(submissions).where(where),
    db
      .select({ id: submissions.id, title: tasks.title, name: users.name, areaName: areas.name, time: submissions.createdAt })
      .from(submissions)
      .innerJoin(tasks, eq(tasks.id, submissions.taskId))
      .innerJoin(users, eq(users.id, submissions.userId))
      .innerJoin(areas, eq(areas.id, submissions.area))
      .where(where)
      .orderBy(desc(submissions.createdAt), desc(submissions.id))
      .limit(NOTICE_ITEMS),
  ]);
  return { kind: 'submissions', title: '待审核提交', count: total, link: '/taskManage/audit', items: rows.map(entry) };
}

/** A group and how many of its items another group already counts. */
type Counted = { group: NoticeGroup; alsoElsewhere: number };

async function appealGroup(db: DbOrTx, caller: AuthUser, overdue: boolean): Promise<Counted> {
  const scope = appealHandlerScope(caller);
  const state: SQL = overdue ? appealOverdue : eq(appeals.status, 'pending');
  const where = and(state, scope);
  const [[{ total, pending }], rows] = await Promise.all([
    db
      .select({ total: count(), pending: sql<number>`count(*) filter (where ${appeals.status} = 'pending')`.mapWith(Number) })
      .from(appeals)
      .where(where),
    db
      .select({
        id: appeals.id,
        title: appeals.title,
        name: sql<string>`coalesce(${appeals.contactName}, ${users.name}, '')`,
        areaName: areas.name,
        time: appeals.createdAt,
      })
      .from(appeals)
      .leftJoin(users, eq(users.id, appeals.submitterId))
      .innerJoin(areas, eq(areas.id, appeals.area))
      .where(where)
      .orderBy(overdue ? appeals.dueAt : desc(appeals.createdAt), desc(appeals.id))
      .limit(NOTICE_ITEMS),
  ]);
  // An overdue appeal still pending is also a new appeal: the bell's total counts it once.
  return overdue
    ? {
        group: {
          kind: 'overdueAppeals',
          title: '超期诉求',
          count: total,
          link: '/peopleService/appeal?status=overdue',
          items: rows.map(entry),
        },
        alsoElsewhere: pending,
      }
    : {
        group: {
          kind: 'appeals',
          title: '新的群众诉求',
          count: total,
          link: '/peopleService/appeal?status=pending',
          items: rows.map(entry),
        },
        alsoElsewhere: 0,
      };
}

const PHOTO_REPORT_GROUPS = {
  photoReports: { status: 'pending', title: '新的随手拍', link: '/peopleService/shot?status=pending' },
  // The villages' answers waiting for the centre's review (ADR 0064).
  reviewPhotoReports: { status: 'reviewing', title: '待审核随手拍', link: '/peopleService/shot?status=reviewing' },
} as const;

async function photoReportGroup(db: DbOrTx, caller: AuthUser, kind: keyof typeof PHOTO_REPORT_GROUPS): Promise<NoticeGroup> {
  const { status, title, link } = PHOTO_REPORT_GROUPS[kind];
  const where = and(eq(photoReports.status, status), photoReportHandlerScope(caller));
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(photoReports).where(where),
    db
      .select({
        id: photoReports.id,
        title: sql<string>`left(${photoReports.description}, 40)`,
        name: users.name,
        areaName: areas.name,
        time: photoReports.createdAt,
      })
      .from(photoReports)
      .innerJoin(users, eq(users.id, photoReports.submitterId))
      .innerJoin(areas, eq(areas.id, photoReports.area))
      .where(where)
      .orderBy(desc(photoReports.createdAt), desc(photoReports.id))
      .limit(NOTICE_ITEMS),
  ]);
  return { kind, title, count: total, link, items: rows.map(entry) };
}

/** The caller's pending work (only the groups their permissions cover, within their data scope) and their own unread notices. */
export async function noticesFor(db: DbOrTx, caller: AuthUser): Promise<Notices> {
  const counted: Counted[] = [];
  if (hasAccess(caller, 'taskManage')) counted.push({ group: await submissionsGroup(db, caller), alsoElsewhere: 0 });
  if (hasAccess(caller, 'peopleService')) {
    counted.push(
      await appealGroup(db, caller, false),
      { group: await photoReportGroup(db, caller, 'photoReports'), alsoElsewhere: 0 },
      await appealGroup(db, caller, true),
    );
    // Only the centre reviews a village's answer.
    if (reachesTown(caller)) counted.push({ group: await photoReportGroup(db, caller, 'reviewPhotoReports'), alsoElsewhere: 0 });
  }
  // The unread ones only: their total is the unread count.
  const mine = await listUserNotices(db, caller, { current: 1, pageSize: NOTICE_ITEMS, unread: true });
  return {
    total: counted.reduce((sum, { group, alsoElsewhere }) => sum + group.count - alsoElsewhere, 0),
    groups: counted.map(({ group }) => group),
    mine: { unread: mine.total, items: mine.list },
  };
}
