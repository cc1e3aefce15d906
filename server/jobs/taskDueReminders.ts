import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { USER_NOTICE_TEXTS } from '../../common/constants';
import { addDays, townshipMidnight, townshipToday } from '../../common/reportPeriod';
import type { DbOrTx } from '../db/client';
import { submissions, tasks, users } from '../db/schema';
import { notifyUsers, townshipTime } from '../services/people/userNotices';
import { userTargetedBy } from '../services/tasks/tasks';

/** How often the server looks for tasks due tomorrow: a reminder written within the hour is on time. */
export const DUE_REMINDERS_EVERY_MS = 3600_000;

/**
 * The deadline reminder (ADR 0055): for each published task whose deadline falls on the township's
 * tomorrow, every person it targets who has no live report (pending or approved) gets one notice.
 * Once: the unique index on (task, person) for this kind makes a second run, or a second server
 * process, write nothing. Answers how many notices it wrote.
 */
export async function sendDueTomorrowReminders(db: DbOrTx, now = Date.now()): Promise<number> {
  const tomorrow = addDays(townshipToday(now), 1);
  const from = new Date(townshipMidnight(tomorrow));
  const to = new Date(townshipMidnight(addDays(tomorrow, 1)));
  const due = await db
    .select({ id: tasks.id, title: tasks.title, deadline: tasks.deadline })
    .from(tasks)
    .where(and(eq(tasks.status, 'published'), gte(tasks.deadline, from), lt(tasks.deadline, to)));
  let written = 0;
  for (const task of due) {
    const noLiveReport = sql`not exists (select 1 from ${submissions} where ${submissions.taskId} = ${task.id}
      and ${submissions.userId} = ${users.id} and ${inArray(submissions.status, ['pending', 'approved'])})`;
    written += await notifyUsers(db, sql`(${userTargetedBy(task.id)} and ${noLiveReport})`, {
      kind: 'taskDueTomorrow',
      taskId: task.id,
      ...USER_NOTICE_TEXTS.taskDueTomorrow(task.title, townshipTime(task.deadline)),
    });
  }
  return written;
}
