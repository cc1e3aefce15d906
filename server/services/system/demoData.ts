import { sql } from 'drizzle-orm';
import type { DemoSummary, DemoCleared } from '../../../common/contracts/system';
import type { Db } from '../../db/client';
import { badRequest } from '../../errors';
import { CENTRE_PLACEHOLDER, villagePlaceholder } from '../content/introductions';
import type { FileStorage } from '../../lib/storage';

// 清除演示数据 (ADR 0024): the rows the demo seeding listed in demo_records, and what demo accounts
// made after it, go in one transaction; nothing a real account made is deleted.

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => ((result as { rows?: Row[] }).rows ?? (result as Row[])) as Row[];
const n = (value: unknown) => Number(value ?? 0);

/** What a clear would remove, for the confirmation. */
export async function demoSummary(db: Db): Promise<DemoSummary> {
  const [row] = rowsOf(
    await db.execute(sql`
      select
        (select count(*) from users where id in (select row_id from demo_records where table_name = 'users')) as accounts,
        (select count(*) from demo_records where table_name <> 'users') as records`),
  );
  const accounts = n(row.accounts);
  const records = n(row.records);
  return { present: accounts + records > 0, accounts, records };
}

/**
 * Removes the demo. `callerId` is the admin who clears it: a demo task that a real account has
 * reported on is kept and handed to them, since its publisher goes.
 */
export async function clearDemo(db: Db, storage: FileStorage, callerId: number): Promise<DemoCleared> {
  const { result, files } = await db.transaction(async (tx) => {
    const run = async (query: ReturnType<typeof sql>) => rowsOf(await tx.execute(query));
    const count = async (query: ReturnType<typeof sql>) => n((await run(query))[0]?.n);
    // Two clears at once would fight over the same rows: the second waits, then finds nothing.
    await run(sql`lock table demo_records in exclusive mode`);
    const demo = (table: string) => sql`(select row_id from demo_records where table_name = ${table})`;
    const temp = (name: string, query: ReturnType<typeof sql>) =>
      run(sql`create temp table ${sql.identifier(name)} on commit drop as ${query}`);

    await temp('x_users', sql`select id from users where id in ${demo('users')}`);
    if ((await count(sql`select count(*) as n from x_users where id = ${callerId}`)) > 0) {
      throw badRequest('demo', '演示数据', '当前登录的是演示账号，请用正式的管理员账号清除演示数据');
    }
    // What the demo wrote, and what demo accounts made since (their own records go with them).
    await temp('x_tasks', sql`select id from tasks where id in ${demo('tasks')} or publisher_id in (select id from x_users)`);
    await temp('x_news', sql`select id from news where id in ${demo('news')} or author_id in (select id from x_users)`);
    await temp('x_appeals', sql`select id from appeals where id in ${demo('appeals')} or submitter_id in (select id from x_users)`);
    await temp(
      'x_reports',
      sql`select id from photo_reports where id in ${demo('photo_reports')} or submitter_id in (select id from x_users)`,
    );
    // A demo task that a real account reported on stays, handed to the admin who clears.
    await temp(
      'x_kept_tasks',
      sql`select id from x_tasks t where exists (select 1 from submissions s where s.task_id = t.id
            and s.user_id not in (select id from x_users) and s.id not in ${demo('submissions')})`,
    );
    await run(sql`delete from x_tasks where id in (select id from x_kept_tasks)`);
    await temp(
      'x_submissions',
      sql`select id from submissions where id in ${demo('submissions')} or user_id in (select id from x_users) or task_id in (select id from x_tasks)`,
    );
    await temp(
      'x_opinions',
      sql`select id from opinions where id in ${demo('opinions')} or created_by_id in (select id from x_users)
            or (created_by_id is null and (appeal_id in (select id from x_appeals) or photo_report_id in (select id from x_reports)))`,
    );
    // Groups a real task aims at, or real people belong to, stay; so do chart units above a real one.
    await temp(
      'x_groups',
      sql`select id from groups g where id in ${demo('groups')}
            and not exists (select 1 from task_groups tg where tg.group_id = g.id and tg.task_id not in (select id from x_tasks))
            and not exists (select 1 from user_groups ug where ug.group_id = g.id and ug.user_id not in (select id from x_users))`,
    );
    await temp('x_uploads', sql`select id from uploads where id in ${demo('uploads')} or owner_id in (select id from x_users)`);
    await temp(
      'x_units',
      sql`with recursive above(id) as (
            select parent_id from org_units where id not in ${demo('org_units')} and parent_id is not null
            union select o.parent_id from org_units o join above a on o.id = a.id where o.parent_id is not null)
          select id from org_units where id in ${demo('org_units')} and id not in (select id from above)`,
    );

    const removed = {
      accounts: await count(sql`select count(*) as n from x_users`),
      tasks: await count(sql`select count(*) as n from x_tasks`),
      submissions: await count(sql`select count(*) as n from x_submissions`),
      news: await count(sql`select count(*) as n from x_news`),
      appeals: await count(sql`select count(*) as n from x_appeals`),
      photoReports: await count(sql`select count(*) as n from x_reports`),
      opinions: await count(sql`select count(*) as n from x_opinions`),
      groups: await count(sql`select count(*) as n from x_groups`),
      orgUnits: await count(sql`select count(*) as n from x_units`),
    };

    await run(sql`delete from opinions where id in (select id from x_opinions)`);
    const keywords = await run(
      sql`delete from opinion_keywords where id in ${demo('opinion_keywords')} or created_by_id in (select id from x_users) returning id`,
    );
    // Points: the demo people's whole ledger and summaries, and entries paid for demo reports.
    await run(sql`delete from score_ledger where user_id in (select id from x_users) or submission_id in (select id from x_submissions)`);
    await run(sql`delete from score_daily where user_id in (select id from x_users)`);
    await run(sql`delete from score_weekly where user_id in (select id from x_users)`);
    // Photo matches (ADR 0027) naming a removed record on either side: a real record's photo is no
    // longer flagged for a demo record that is gone.
    await run(
      sql`delete from photo_matches m where (m.kind = 'submission' and m.record_id in (select id from x_submissions))
            or (m.other_kind = 'submission' and m.other_record_id in (select id from x_submissions))
            or (m.kind = 'appeal' and m.record_id in (select id from x_appeals))
            or (m.other_kind = 'appeal' and m.other_record_id in (select id from x_appeals))
            or (m.kind = 'photoReport' and m.record_id in (select id from x_reports))
            or (m.other_kind = 'photoReport' and m.other_record_id in (select id from x_reports))`,
    );
    await run(sql`delete from submissions where id in (select id from x_submissions)`);
    await run(sql`delete from tasks where id in (select id from x_tasks)`);
    await run(
      sql`update tasks set publisher_id = ${callerId} where id in (select id from x_kept_tasks) and publisher_id in (select id from x_users)`,
    );
    await run(sql`delete from appeals where id in (select id from x_appeals)`);
    await run(sql`delete from photo_reports where id in (select id from x_reports)`);
    await run(sql`delete from news where id in (select id from x_news)`);
    await run(sql`delete from groups where id in (select id from x_groups)`);
    await run(sql`delete from org_units where id in (select id from x_units)`);
    // Real records a demo account handled keep their state, reply and history; the account goes
    // from them (history shows 已删除用户, as for any deleted account).
    await run(sql`update appeals set handler_id = null where handler_id in (select id from x_users)`);
    await run(sql`update photo_reports set handler_id = null where handler_id in (select id from x_users)`);
    await run(sql`update submissions set reviewer_id = null where reviewer_id in (select id from x_users)`);
    await run(sql`update score_ledger set operator_id = null where operator_id in (select id from x_users)`);
    await run(sql`delete from users where id in (select id from x_users)`);

    // Introductions the demo filled in and nobody saved since go back to their placeholders.
    const centre = await run(
      sql`update centre_introduction c set title = ${CENTRE_PLACEHOLDER.title}, content = ${CENTRE_PLACEHOLDER.content},
            updated_at = null, updated_by_id = null
          from demo_records d where d.table_name = 'centre_introduction' and d.row_id = c.id
            and (c.updated_at is null or c.updated_at <= d.recorded_at) returning c.id`,
    );
    if (centre.length) await run(sql`delete from centre_introduction_images`);
    const villages = await run(
      sql`select v.area, a.name from village_introductions v join areas a on a.id = v.area
          join demo_records d on d.table_name = 'village_introductions' and d.row_id = v.area
          where v.updated_at is null or v.updated_at <= d.recorded_at`,
    );
    for (const village of villages) {
      await run(
        sql`update village_introductions set content = ${villagePlaceholder(String(village.name))}, cover_id = null,
              population = null, households = null, land_area = null, party_members = null, leader = '', phone = '',
              updated_at = null, updated_by_id = null
            where area = ${n(village.area)}`,
      );
    }

    // Pictures the demo stored or demo accounts uploaded, unless something kept still shows them.
    const gone = await run(
      sql`delete from uploads u where u.id in (select id from x_uploads)
            and not exists (select 1 from submission_images i where i.upload_id = u.id)
            and not exists (select 1 from appeal_images i where i.upload_id = u.id)
            and not exists (select 1 from photo_report_images i where i.upload_id = u.id)
            and not exists (select 1 from service_event_images i where i.upload_id = u.id)
            and not exists (select 1 from centre_introduction_images i where i.upload_id = u.id)
            and not exists (select 1 from news x where x.cover_id = u.id)
            and not exists (select 1 from village_introductions x where x.cover_id = u.id)
          returning u.stored_name`,
    );
    const kept = {
      tasks: await count(sql`select count(*) as n from x_kept_tasks`),
      groups: await count(sql`select count(*) as n from groups where id in ${demo('groups')}`),
      orgUnits: await count(sql`select count(*) as n from org_units where id in ${demo('org_units')}`),
    };
    await run(sql`delete from demo_records`);
    return {
      result: {
        removed: { ...removed, keywords: keywords.length, pictures: gone.length, introductions: centre.length + villages.length },
        kept,
      },
      files: gone.map((row) => String(row.stored_name)),
    };
  });
  // Files after the commit: a failed removal leaves an orphan file, never a row without its file.
  for (const name of files) await storage.remove(name).catch(() => undefined);
  return result;
}
