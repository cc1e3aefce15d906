import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { generatePhotos } from './photos';

export interface Scale {
  users: number;
  tasks: number;
  submissions: number;
  ledger: number;
  appeals: number;
  photoReports: number;
}

export const SCALES: Record<string, Scale> = {
  small: { users: 500, tasks: 10_000, submissions: 20_000, ledger: 10_000, appeals: 10_000, photoReports: 10_000 },
  large: { users: 5_000, tasks: 100_000, submissions: 200_000, ledger: 1_000_000, appeals: 100_000, photoReports: 100_000 },
};

/** Words the keyword watch looks for; a few appeals and photo reports carry one. */
export const BENCH_KEYWORDS = ['漏水', '垃圾堆放', '噪音扰民', '塌方', '电线裸露'];

const APPEAL_TITLES = [
  '村道路面坑洼不平',
  '路灯损坏夜间出行不便',
  '邻里宅基地界址纠纷',
  '低保申请进度咨询',
  '医保报销政策咨询',
  '河道水面有漂浮物',
  '公交班次太少',
  '危房改造补贴咨询',
  '自来水水压偏低',
  '农村厕所改造问题',
  '养老保险缴费咨询',
  '耕地被占用反映',
  '村务公开不及时',
  '小区停车位不足',
  '宠物犬扰民',
  '广场舞时间过晚',
  '排水沟堵塞',
  '宽带信号差',
  '集市摊位占道',
  '土地流转费用咨询',
];
const APPEAL_KEYWORD_TITLES = ['自来水管道漏水', '村口垃圾堆放多日无人清运', '夜间施工噪音扰民', '山体塌方堵路', '电线裸露存在隐患'];
const REPORT_TEXTS = ['路边堆放建筑垃圾', '井盖缺失', '护栏松动', '路面积水', '树枝压住电线', '广告牌破损', '排水沟淤堵', '路灯不亮'];
const REPORT_KEYWORD_TEXTS = ['水管漏水流到路面', '河边垃圾堆放', '厂房夜间噪音扰民', '边坡小范围塌方', '电线裸露垂到路边'];

const textArray = (items: string[]) => sql.raw(`array[${items.map((t) => `'${t.replace(/'/g, "''")}'`).join(', ')}]`);

/**
 * Fills a migrated, seeded database with a township at scale, in set-based SQL (no rows through
 * Node). Deterministic: the same scale gives the same data.
 *
 * People: one account in five is a village cadre (role `village`, the task role), the rest are
 * villagers. Tasks go to one or two villages; their reports come from cadres of the task's village
 * and their points go to cadres. Appeals and photo reports come from villagers over the last year:
 * recent ones open, older ones mostly closed or handled, a few left open past their due time;
 * about one in forty holds a watch keyword and has its opinion item, as the keyword watch makes them.
 * Every report has three photos, every appeal and photo report two (bench/photos.ts).
 */
export async function generate(db: Db, scale: Scale, log: (msg: string) => void = () => undefined) {
  const exec = async (label: string, query: ReturnType<typeof sql>) => {
    const started = Date.now();
    await db.execute(query);
    log(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  const hash = (await db.execute(sql`select id, password_hash from users where account = 'admin'`)) as unknown as {
    rows: Array<{ id: number; password_hash: string }>;
  };
  // A number from the database, written into the SQL as a literal so its type is integer.
  const adminId = sql.raw(String(Number(hash.rows[0].id)));
  const passwordHash = hash.rows[0].password_hash;
  const cadres = Math.floor(scale.users / 5);
  // Cadres of one village, counted from 1: account bench(5k) lives in area 2 + (5k mod 11).
  const perVillage = Math.floor(cadres / 11);
  if (perVillage < 2) throw new Error('at least 110 users are needed');

  await exec(
    `${scale.users} users`,
    sql`insert into users (account, name, phone, password_hash, role_id, area, status, created_at)
        select 'bench' || g, '测试用户' || g, '139' || lpad(g::text, 8, '0'), ${passwordHash},
               (select id from roles where code = case when g % 5 = 0 then 'village' else 'villager' end),
               2 + g % 11, 'active', now() - (g || ' minutes')::interval
        from generate_series(1, ${scale.users}) g`,
  );
  await exec(
    `${scale.tasks} tasks`,
    sql`insert into tasks (title, category, content, template, image_num, points, deadline, status,
                           publisher_id, published_at, created_at)
        select '测试任务第' || g || '号', 1 + g % 15, '<p>请按要求完成并上报。</p>',
               (array['1', '2', '1;2'])[1 + g % 3], g % 4, 1 + g % 10,
               now() + ((g % 60) - 20 || ' days')::interval,
               case when g % 10 = 0 then 'draft' when g % 3 = 0 then 'closed' else 'published' end,
               ${adminId},
               case when g % 10 = 0 then null else now() - (g || ' minutes')::interval end,
               now() - (g || ' minutes')::interval
        from generate_series(1, ${scale.tasks}) g`,
  );
  await exec(
    'task areas',
    sql`insert into task_areas (task_id, area)
        select id, 2 + id % 11 from tasks
        union all select id, 2 + (id + 5) % 11 from tasks where id % 2 = 0
        on conflict do nothing`,
  );
  // Report g is on task t = 1 + (g - 1) mod tasks, by cadre k of t's first village: 5k ≡ t (mod 11)
  // holds for k ≡ 9t (mod 11); each round over the tasks takes the next cadre of that village.
  await exec(
    `${scale.submissions} submissions`,
    sql`insert into submissions (task_id, user_id, area, text, status, late, client_key, reviewer_id,
                                 reviewed_at, created_at)
        select t.id, u.id, u.area, '已按要求完成。',
               s.status, g % 17 = 0, 'bench' || g,
               case when s.status = 'pending' then null else ${adminId} end,
               case when s.status = 'pending' then null else now() - (g || ' seconds')::interval end,
               now() - (g || ' seconds')::interval
        from generate_series(1, ${scale.submissions}) g
        cross join lateral (select (array['pending', 'approved', 'approved', 'approved', 'rejected'])[1 + g % 5] as status) s
        join tasks t on t.id = 1 + (g - 1) % ${scale.tasks}
        join users u on u.account = 'bench' || 5 * ((9 * t.id) % 11
               + 11 * (1 + (t.id / 11 + (g - 1) / ${scale.tasks}) % ${perVillage - 1}))
        on conflict do nothing`,
  );
  await exec(
    `${scale.ledger} ledger entries`,
    sql`insert into score_ledger (user_id, delta, reason, source, created_at)
        select u.id, 1 + g % 10, '完成任务奖励', 'task', now() - ((g % 525600) || ' minutes')::interval
        from generate_series(1, ${scale.ledger}) g
        join users u on u.account = 'bench' || 5 * (1 + g % ${cadres})`,
  );
  await exec(
    'points totals',
    sql`update users set points = t.points
        from (select user_id, sum(delta)::int as points from score_ledger group by user_id) t
        where users.id = t.user_id`,
  );
  await exec(
    'watch keywords',
    sql`insert into opinion_keywords (keyword, created_by_id)
        select k, ${adminId} from unnest(${textArray(BENCH_KEYWORDS)}) k`,
  );

  // Appeal g was made g/N of a year ago by villager bench(5m + 1 + g mod 4) about their village.
  // h is a spread-out number 0..99 that picks the state by age.
  await exec(
    `${scale.appeals} appeals`,
    sql`insert into appeals (submitter_id, title, content, category, area, phone, status, handler_id, reply,
                             reject_reason, due_at, accepted_at, replied_at, closed_at, rejected_at,
                             satisfaction, satisfaction_comment, rated_at, client_key, created_at, updated_at)
        select u.id, x.title, x.title || '。具体情况：' || x.title || '，已持续一段时间，请尽快安排处理。',
               1 + g % 7, u.area, u.phone, x.status,
               case when x.status = 'pending' then null else ${adminId} end,
               case when x.status in ('replied', 'closed') then '已安排人员现场处理，问题已解决。' end,
               case when x.status = 'rejected' then '不属于受理范围，已告知向有关部门反映。' end,
               x.created + (case when x.dow <= 2 then 3 when x.dow <= 5 then 5 else 4 end || ' days')::interval,
               case when x.status in ('processing', 'replied', 'closed') then x.created + interval '2 hours' end,
               case when x.status in ('replied', 'closed') then x.created + interval '1 day' end,
               case when x.status = 'closed' then x.created + interval '3 days' end,
               case when x.status = 'rejected' then x.created + interval '4 hours' end,
               case when x.status = 'closed' and x.h % 4 <> 0 then (array[2, 3, 4, 4, 4, 5, 5, 5, 5, 5])[1 + x.h % 10] end,
               case when x.status = 'closed' and x.h % 4 <> 0 then '' end,
               case when x.status = 'closed' and x.h % 4 <> 0 then x.created + interval '3 days' end,
               'bench' || g, x.created, x.created
        from generate_series(1, ${scale.appeals}) g
        cross join lateral (select now() - ((g::bigint * 525600 / ${scale.appeals}) || ' minutes')::interval as created,
                                   g::float * 365 / ${scale.appeals} as age, (g * 7919) % 100 as h) a
        cross join lateral (select a.created, a.h,
               extract(isodow from a.created at time zone 'Asia/Shanghai') as dow,
               case when g % 37 = 0 then (${textArray(APPEAL_KEYWORD_TITLES)})[1 + (g / 37) % ${APPEAL_KEYWORD_TITLES.length}]
                    else (${textArray(APPEAL_TITLES)})[1 + g % ${APPEAL_TITLES.length}] end as title,
               case when a.age < 1 then case when a.h < 70 then 'pending' else 'processing' end
                    when a.age < 7 then case when a.h < 15 then 'pending' when a.h < 45 then 'processing'
                                             when a.h < 70 then 'replied' when a.h < 92 then 'closed' else 'rejected' end
                    else case when a.h < 2 then 'pending' when a.h < 5 then 'processing' when a.h < 12 then 'replied'
                              when a.h < 93 then 'closed' else 'rejected' end end as status) x
        join users u on u.account = 'bench' || (5 * (g % ${cadres}) + 1 + g % 4)`,
  );
  await exec(
    `${scale.photoReports} photo reports`,
    sql`insert into photo_reports (submitter_id, description, type, area, location, lat, lng, status, handler_id,
                                   result, invalid_reason, handled_at, client_key, created_at, updated_at)
        select u.id, x.description, 1 + g % 4, u.area, '第' || (u.area - 1) || '村' || (1 + g % 9) || '组路口',
               30.5 + (g % 1000) / 100000.0, 114.3 + (g % 997) / 100000.0, x.status,
               case when x.status = 'pending' then null else ${adminId} end,
               case when x.status = 'handled' then '已安排清理，现场已恢复。' end,
               case when x.status = 'invalid' then '现场核实无此问题。' end,
               case when x.status <> 'pending' then x.created + interval '1 day' end,
               'bench' || g, x.created, x.created
        from generate_series(1, ${scale.photoReports}) g
        cross join lateral (select now() - ((g::bigint * 525600 / ${scale.photoReports}) || ' minutes')::interval as created,
                                   g::float * 365 / ${scale.photoReports} as age, (g * 6007) % 100 as h) a
        cross join lateral (select a.created,
               case when g % 41 = 0 then (${textArray(REPORT_KEYWORD_TEXTS)})[1 + (g / 41) % ${REPORT_KEYWORD_TEXTS.length}]
                    else (${textArray(REPORT_TEXTS)})[1 + g % ${REPORT_TEXTS.length}] end as description,
               case when a.age < 2 then case when a.h < 80 then 'pending' else 'handled' end
                    else case when a.h < 4 then 'pending' when a.h < 88 then 'handled' else 'invalid' end end as status) x
        join users u on u.account = 'bench' || (5 * ((g + 7) % ${cadres}) + 1 + (g + 1) % 4)`,
  );
  await exec(
    'service events',
    sql`insert into service_events (appeal_id, photo_report_id, action, actor_id, note, created_at)
        select id, null::int, 'submit', submitter_id, '', created_at from appeals
        union all
        select id, null, case status when 'processing' then 'accept' when 'replied' then 'reply'
                                     when 'closed' then 'close' else 'reject' end,
               handler_id, coalesce(reply, reject_reason, ''), coalesce(closed_at, replied_at, rejected_at, accepted_at)
        from appeals where status <> 'pending'
        union all
        select null::int, id, 'submit', submitter_id, '', created_at from photo_reports
        union all
        select null, id, case status when 'handled' then 'handle' else 'invalid' end, handler_id,
               coalesce(result, invalid_reason, ''), handled_at
        from photo_reports where status <> 'pending'`,
  );
  // What the keyword watch would have made: one item per record naming its keywords, each counted.
  await exec(
    'keyword opinions',
    sql`with matched as (
          select 4 as source, a.id as appeal_id, null::int as photo_report_id, a.title, a.content as summary,
                 a.area, a.status in ('replied', 'closed', 'rejected') as done, a.created_at, k.keyword, 1 as level
          from appeals a join opinion_keywords k on strpos(lower(a.title || a.content), lower(k.keyword)) > 0
          union all
          select 5, null, r.id, left(r.description, 100), r.description || '（' || r.location || '）',
                 r.area, r.status <> 'pending', r.created_at, k.keyword, case when r.type = 2 then 2 else 1 end
          from photo_reports r join opinion_keywords k on strpos(lower(r.description || r.location), lower(k.keyword)) > 0
        ), made as (
          insert into opinions (source, title, summary, link, sentiment, level, area, status, appeal_id,
                                photo_report_id, keyword, created_by_id, handled_at, created_at, updated_at)
          select source, title, left(summary, 1000), '', 'negative', level, area,
                 case when done then 'handled' else 'monitoring' end, appeal_id, photo_report_id,
                 string_agg(keyword, '、'), null, case when done then created_at + interval '1 day' end,
                 created_at, created_at
          from matched
          group by source, appeal_id, photo_report_id, title, summary, level, area, done, created_at
          returning keyword
        )
        update opinion_keywords k set matches = (select count(*) from made where strpos(made.keyword, k.keyword) > 0)`,
  );
  await generatePhotos(db, exec);
  // As autovacuum leaves a settled database: statistics, and visibility maps for index-only scans.
  await exec('vacuum analyze', sql`vacuum analyze`);
}
