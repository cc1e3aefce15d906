import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';

export interface Scale {
  users: number;
  tasks: number;
  submissions: number;
  ledger: number;
}

export const SCALES: Record<string, Scale> = {
  small: { users: 500, tasks: 10_000, submissions: 20_000, ledger: 10_000 },
  large: { users: 5_000, tasks: 100_000, submissions: 200_000, ledger: 1_000_000 },
};

/**
 * Fills a migrated, seeded database with a township at scale, in set-based SQL (no rows through
 * Node). Deterministic: the same scale gives the same data.
 */
export async function generate(db: Db, scale: Scale, log: (msg: string) => void = () => undefined) {
  const exec = async (label: string, query: ReturnType<typeof sql>) => {
    const started = Date.now();
    await db.execute(query);
    log(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  const hash = (await db.execute(sql`select password_hash from users where account = 'admin'`)) as unknown as {
    rows: Array<{ password_hash: string }>;
  };
  const passwordHash = hash.rows[0].password_hash;

  await exec(
    `${scale.users} users`,
    sql`insert into users (account, name, phone, password_hash, role_id, area, status, created_at)
        select 'bench' || g, '测试用户' || g, '139' || lpad(g::text, 8, '0'), ${passwordHash},
               (select id from roles where code = 'village'), 2 + g % 11, 'active',
               now() - (g || ' minutes')::interval
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
               (select id from users where account = 'admin'),
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
  await exec(
    `${scale.submissions} submissions`,
    sql`insert into submissions (task_id, user_id, area, text, status, late, client_key, reviewer_id,
                                 reviewed_at, created_at)
        select t.id, u.id, u.area, '已按要求完成。',
               s.status, g % 17 = 0, 'bench' || g,
               case when s.status = 'pending' then null else (select id from users where account = 'admin') end,
               case when s.status = 'pending' then null else now() - (g || ' seconds')::interval end,
               now() - (g || ' seconds')::interval
        from generate_series(1, ${scale.submissions}) g
        cross join lateral (select (array['pending', 'approved', 'approved', 'approved', 'rejected'])[1 + g % 5] as status) s
        join tasks t on t.id = 1 + (g - 1) % ${scale.tasks}
        join users u on u.account = 'bench' || (1 + ((g - 1) % ${scale.users} + (g - 1) / ${scale.tasks}) % ${scale.users})
        on conflict do nothing`,
  );
  await exec(
    `${scale.ledger} ledger entries`,
    sql`insert into score_ledger (user_id, delta, reason, source, created_at)
        select u.id, 1 + g % 10, '完成任务奖励', 'task', now() - ((g % 525600) || ' minutes')::interval
        from generate_series(1, ${scale.ledger}) g
        join users u on u.account = 'bench' || (1 + g % ${scale.users})`,
  );
  await exec(
    'points totals',
    sql`update users set points = t.points
        from (select user_id, sum(delta)::int as points from score_ledger group by user_id) t
        where users.id = t.user_id`,
  );
  await exec('analyze', sql`analyze`);
}
