import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { bandProbes, BANDS, isInformative } from '../server/lib/photoHash';
import { nearUploads } from '../server/services/uploads/photoMatches';

// The photos of a township at scale for the duplicate-photo check (ADR 0027): three per task report,
// two per appeal and two per photo report (1 000 000 at the large scale), each with its upload row,
// hash, capture time and link, in set-based SQL. Deterministic: photo n's hash comes from md5(n).
//
// Real difference hashes are not uniform: some bits are mostly 0 or mostly 1 (sky above, ground
// below), so two unrelated photos differ in about 22 of 64 bits rather than 32 (server/seed/
// demoScenes.ts's scenes: median 22). Here, in every 4 bits, one is 1 with probability 1/8, one
// with 7/8 and two with 1/2 (two unrelated photos differ in about 23 bits), which crowds the band
// index's buckets as real photos would. One photo in 97 is nearly blank (about 4 bits set), and
// every 50th is photo n − 999 sent again with 0–3 bits changed (a planted duplicate).

const FUNCTIONS = [
  `create or replace function bench_bits(n bigint, k int) returns bigint language sql immutable as
     $$ select ('x' || substr(md5(n::text || '-' || k), 1, 16))::bit(64)::bigint $$`,
  `create or replace function bench_base_hash(n bigint) returns bigint language sql immutable as $$
     select case when n % 97 = 0 then a & b & c & d
       else ((a & b & c) & x'1111111111111111'::bigint) | ((a | b | c) & x'2222222222222222'::bigint)
            | (d & x'cccccccccccccccc'::bigint) end
     from (select bench_bits(n, 0) a, bench_bits(n, 1) b, bench_bits(n, 2) c, bench_bits(n, 3) d) bits $$`,
  `create or replace function bench_phash(n bigint) returns bigint language sql immutable as $$
     select case when n % 50 = 0 and n > 1000 then bench_base_hash(n - 999)
         # (case when (n / 50) % 4 >= 1 then 1::bigint << (n % 61)::int else 0 end)
         # (case when (n / 50) % 4 >= 2 then 1::bigint << ((n * 7) % 63)::int else 0 end)
         # (case when (n / 50) % 4 >= 3 then 1::bigint << ((n * 13) % 59)::int else 0 end)
       else bench_base_hash(n) end $$`,
];

/** The records that hold photos, in the order their photos are numbered. */
const HOLDERS = [
  {
    kind: 'submission',
    table: 'submissions',
    link: 'submission_images',
    owner: 'submission_id',
    person: 'user_id',
    per: 3,
    kindColumn: false,
  },
  { kind: 'appeal', table: 'appeals', link: 'appeal_images', owner: 'appeal_id', person: 'submitter_id', per: 2, kindColumn: false },
  {
    kind: 'photoReport',
    table: 'photo_reports',
    link: 'photo_report_images',
    owner: 'report_id',
    person: 'submitter_id',
    per: 2,
    kindColumn: true,
  },
] as const;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function generatePhotos(db: Db, exec: (label: string, query: ReturnType<typeof sql>) => Promise<void>): Promise<void> {
  for (const text of FUNCTIONS) await db.execute(sql.raw(text));
  const [{ next }] = rowsOf<{ next: number }>(await db.execute(sql`select coalesce(max(id), 0)::int + 1 as next from uploads`));
  let first = Number(next);
  for (const holder of HOLDERS) {
    // Photo n is upload n: record number rn (by id) holds photos first + (rn − 1) · per + p.
    const numbered = sql.raw(
      `(select id, ${holder.person} as person, created_at, row_number() over (order by id) as rn from ${holder.table})`,
    );
    const photoN = sql.raw(`(${first} + (r.rn - 1) * ${holder.per} + p)`);
    const [{ count }] = rowsOf<{ count: number }>(await db.execute(sql.raw(`select count(*)::int as count from ${holder.table}`)));
    await exec(
      `${count * holder.per} photos of ${holder.table}`,
      sql`insert into uploads (id, stored_name, original_name, owner_id, content_type, size, width, height, visibility, taken_at, phash, created_at)
          select ${photoN}, 'bench-' || ${photoN} || '.jpg', '现场照片.jpg', r.person, 'image/jpeg', 250000, 1600, 1200, 'private',
                 case when ${photoN} % 10 = 0 then null
                      when ${photoN} % 40 = 1 then r.created_at - interval '45 days'
                      else r.created_at - interval '25 minutes' end,
                 bench_phash(${photoN}), r.created_at - interval '5 minutes'
          from ${numbered} r cross join generate_series(0, ${sql.raw(String(holder.per - 1))}) p`,
    );
    await exec(
      `${holder.link}`,
      sql`insert into ${sql.raw(holder.link)} (${sql.raw(holder.owner)}, ${sql.raw(holder.kindColumn ? 'kind, ' : '')}upload_id, position)
          select r.id, ${sql.raw(holder.kindColumn ? `'report', ` : '')}${photoN}, p
          from ${numbered} r cross join generate_series(0, ${sql.raw(String(holder.per - 1))}) p`,
    );
    first += count * holder.per;
  }
  await db.execute(sql`select setval('uploads_id_seq', (select max(id) from uploads))`);
  // The planted duplicates' matches, on the later record, as attaching them would have stored.
  await exec(
    'planted duplicates',
    sql`with shown as (
          select 'submission' as kind, s.id as record_id, i.upload_id, s.created_at
          from submission_images i join submissions s on s.id = i.submission_id
          union all
          select 'appeal', a.id, i.upload_id, a.created_at from appeal_images i join appeals a on a.id = i.appeal_id
          union all
          select 'photoReport', r.id, i.upload_id, r.created_at from photo_report_images i join photo_reports r on r.id = i.report_id
        ), pairs as (
          select u.id as copy, o.id as original, bit_count((u.phash # o.phash)::bit(64))::int as distance
          from uploads u join uploads o on o.id = u.id - 999
          where u.id % 50 = 0 and u.id > 1000 and u.stored_name like 'bench-%'
            and bit_count(u.phash::bit(64)) between 8 and 56 and bit_count((u.phash # o.phash)::bit(64)) <= 6
        )
        insert into photo_matches (kind, record_id, upload_id, other_kind, other_record_id, other_upload_id, distance)
        select case when later then a.kind else b.kind end, case when later then a.record_id else b.record_id end,
               case when later then a.upload_id else b.upload_id end, case when later then b.kind else a.kind end,
               case when later then b.record_id else a.record_id end, case when later then b.upload_id else a.upload_id end,
               p.distance
        from pairs p join shown a on a.upload_id = p.copy join shown b on b.upload_id = p.original
        cross join lateral (select a.created_at >= b.created_at as later) l
        on conflict do nothing`,
  );
  for (const name of ['bench_phash(bigint)', 'bench_base_hash(bigint)', 'bench_bits(bigint, int)']) {
    await db.execute(sql.raw(`drop function ${name}`));
  }
}

export interface LookupFigures {
  lookups: number;
  p50: number;
  p99: number;
  /** Index entries read per lookup (rows of the four bands' 17 probed values), mean and largest. */
  candidates: { mean: number; max: number };
  /** Other photos found within the distance per lookup (mean), and lookups finding any. */
  found: { mean: number; withAny: number };
}

/**
 * One photo against all: `nearUploads` (what attaching a photo runs) for `count` photos spread over
 * the table, timed one after another on an otherwise idle database.
 */
export async function measurePhotoLookup(db: Db, count = 400): Promise<LookupFigures> {
  const [{ total }] = rowsOf<{ total: number }>(await db.execute(sql`select max(id)::int as total from uploads`));
  const step = Math.max(1, Math.floor(Number(total) / (count * 2)));
  const sample = rowsOf<{ id: number; phash: string }>(
    await db.execute(
      sql`select id, phash::text as phash from uploads where phash is not null and id % ${step} = 7 order by id limit ${count * 2}`,
    ),
  )
    .map((row) => ({ id: Number(row.id), hash: BigInt(row.phash) }))
    .filter((row) => isInformative(row.hash))
    .slice(0, count);
  // Warm the indexes as a running server's would be.
  for (const row of sample.slice(0, 20)) await nearUploads(db, row.hash);
  const times: number[] = [];
  let found = 0;
  let withAny = 0;
  for (const row of sample) {
    const started = performance.now();
    const near = await nearUploads(db, row.hash);
    times.push(performance.now() - started);
    const others = near.filter((n) => n.id !== row.id).length;
    found += others;
    if (others) withAny++;
  }
  times.sort((a, b) => a - b);
  const candidates: number[] = [];
  for (const row of sample.slice(0, 50)) {
    const counts = await Promise.all(
      Array.from({ length: BANDS }, async (_, k) => {
        const [{ n }] = rowsOf<{ n: number }>(
          await db.execute(
            sql`select count(*)::int as n from uploads where phash is not null and ((phash >> ${sql.raw(String(k * 16))}) & 65535) in (${sql.raw(bandProbes(row.hash, k).join(', '))})`,
          ),
        );
        return Number(n);
      }),
    );
    candidates.push(counts.reduce((a, b) => a + b, 0));
  }
  return {
    lookups: sample.length,
    p50: times[Math.floor(times.length * 0.5)],
    p99: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))],
    candidates: { mean: Math.round(candidates.reduce((a, b) => a + b, 0) / candidates.length), max: Math.max(...candidates) },
    found: { mean: found / sample.length, withAny },
  };
}
