import { sql } from 'drizzle-orm';
import type {
  AppealSource,
  AppealStatus,
  ChannelFormat,
  ChannelKind,
  DataScope,
  NewsStatus,
  OpinionSentiment,
  OpinionStatus,
  OutboxStatus,
  PhotoRecordKind,
  PhotoReportStatus,
  SatisfactionSource,
  SubmissionStatus,
  TaskStatus,
  UserNoticeKind,
  UserStatus,
} from '../../common/constants';
import type { OperationChange } from '../../common/contracts/system';
import type { TaskField, TaskFieldValues } from '../../common/taskFields';
import { appealDocument, newsDocument, photoReportDocument, searchGrams, taskDocument, userDocument } from './searchText';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The town community (id 1) and its villages (村/社区): managed data (ADR 0050). Ids are never
 * reused; a village with records is archived (archived_at set) rather than deleted, so its
 * history keeps its name while pickers leave it out.
 */
export const areas = pgTable(
  'areas',
  {
    id: smallint('id').primaryKey(),
    name: text('name').notNull(),
    /** The 12-digit statistical division code (统计用区划代码), where known. */
    code: text('code'),
    sortOrder: integer('sort_order').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('areas_name_key').on(t.name),
    uniqueIndex('areas_code_key').on(t.code),
    index('areas_order_idx').on(t.sortOrder, t.id),
  ],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * The working-day calendar's exceptions to "Monday to Friday": statutory holidays (`off`) and
 * 调休 weekends worked (`work`). Seeded from the chinese-days package, editable in 系统设置 (ADR 0017).
 */
export const calendarDays = pgTable(
  'calendar_days',
  {
    day: date('day', { mode: 'string' }).primaryKey(),
    kind: text('kind', { enum: ['off', 'work'] }).notNull(),
    name: text('name').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('calendar_days_kind', sql`${t.kind} in ('off', 'work')`)],
);

/** Years whose calendar is known: `builtin` as shipped, `admin` once edited in 系统设置. */
export const calendarYears = pgTable('calendar_years', {
  year: smallint('year').primaryKey(),
  source: text('source', { enum: ['builtin', 'admin'] }).notNull(),
  updatedAt: updatedAt(),
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  permissions: text('permissions')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  dataScope: text('data_scope').$type<DataScope>().notNull().default('self'),
  builtIn: boolean('built_in').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    account: text('account').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    area: smallint('area').references(() => areas.id),
    status: text('status').$type<UserStatus>().notNull().default('active'),
    /** Sum of the user's score_ledger entries, kept in the same transaction as each entry. */
    points: integer('points').notNull().default(0),
    /** Set on the admin whose password was generated at first start: every other call waits for a new one. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Accounts are compared case-insensitively so 'Admin' and 'admin' cannot both exist.
    uniqueIndex('users_account_lower_idx').on(sql`lower(${t.account})`),
    index('users_role_idx').on(t.roleId, t.createdAt),
    index('users_area_idx').on(t.area, t.createdAt),
    index('users_status_idx').on(t.status, t.createdAt),
    index('users_created_idx').on(t.createdAt),
    index('users_points_idx').on(t.points, t.id),
    index('users_search_idx').using('gin', searchGrams(userDocument(t))),
  ],
);

export const groups = pgTable('groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const userGroups = pgTable(
  'user_groups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index('user_groups_group_idx').on(t.groupId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Band k (bits 16k to 16k + 15) of uploads.phash, exactly as the band indexes compute it: a lookup
 * must use the same expression for PostgreSQL to use the index (server/services/uploads/photoMatches.ts).
 */
export const PHASH_BAND_SQL = [0, 1, 2, 3].map((k) => sql.raw(`(("phash" >> ${k * 16}) & 65535)`));

export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    storedName: text('stored_name').notNull().unique(),
    originalName: text('original_name').notNull().default(''),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    /**
     * Who may fetch it (ADR 0019): 'unattached' until a record uses it (deleted after a day if none
     * does), 'public' once content anyone may read uses it, 'private' once an appeal, photo report
     * or task submission does (then only through a signed address). Never goes back.
     */
    visibility: text('visibility').notNull().default('unattached'),
    /** From the original's EXIF before it was stripped: capture time and position, when it had them. */
    takenAt: timestamp('taken_at', { withTimezone: true }),
    gpsLat: doublePrecision('gps_lat'),
    gpsLng: doublePrecision('gps_lng'),
    /**
     * The picture's 64-bit difference hash (ADR 0027), as PostgreSQL's signed bigint; null when it
     * did not decode or is not hashed yet.
     */
    phash: bigint('phash', { mode: 'bigint' }),
    /** Uploaded before photos were hashed: the background job hashes it from the stored copy. */
    phashPending: boolean('phash_pending').notNull().default(false),
    /**
     * 'ready' once the stored copy is decoded, checked and written; 'pending' while the original
     * waits privately (under its pending name) for a decode in a burst; 'failed' when it did not
     * decode (ADR 0058). Only 'ready' is ever served.
     */
    decodeStatus: text('decode_status').notNull().default('ready'),
    /** When a process took the pending decode; a claim older than the lease is taken again. */
    decodeClaimedAt: timestamp('decode_claimed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // Also the daily quota: the bytes an owner stored in the last 24 hours.
    index('uploads_owner_idx').on(t.ownerId, t.createdAt),
    // The clean-up of uploads nothing ever used.
    index('uploads_unattached_idx')
      .on(t.createdAt)
      .where(sql`${t.visibility} = 'unattached'`),
    // Near-identical photos (ADR 0027): one index per 16-bit band of the hash, carrying the hash and
    // the id so that a lookup reads the index only. PHASH_BAND_SQL is the expression queries use.
    ...PHASH_BAND_SQL.map((band, k) =>
      index(`uploads_phash_band${k}_idx`)
        .on(band, t.phash, t.id)
        .where(sql`${t.phash} is not null`),
    ),
    index('uploads_phash_pending_idx')
      .on(t.id)
      .where(sql`${t.phashPending}`),
    // The durable decode queue (ADR 0058): pending uploads in arrival order.
    index('uploads_decode_pending_idx')
      .on(t.id)
      .where(sql`${t.decodeStatus} = 'pending'`),
  ],
);

/** Server-side secrets shared by every process on the database (the key that signs photo addresses). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const operationLogs = pgTable(
  'operation_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    account: text('account').notNull(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    targetId: text('target_id'),
    ip: text('ip').notNull().default(''),
    statusCode: integer('status_code').notNull(),
    /** The route's Chinese name (its OpenAPI summary), e.g. 修改用户. */
    action: text('action').notNull().default(''),
    /** The fields the write changed, as shown to the admin (services/system/auditTrail.ts); null: not recorded. */
    changes: jsonb('changes').$type<OperationChange[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('operation_logs_created_idx').on(t.createdAt),
    index('operation_logs_account_idx').on(t.account, t.createdAt),
    index('operation_logs_ip_idx').on(t.ip, t.createdAt),
  ],
);

export const loginLogs = pgTable(
  'login_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account: text('account').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip').notNull().default(''),
    success: boolean('success').notNull(),
    reason: text('reason').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_logs_created_idx').on(t.createdAt),
    // The per-address login limit counts recent failures from one address.
    index('login_logs_ip_idx').on(t.ip, t.createdAt),
    index('login_logs_account_idx').on(t.account, t.createdAt),
    // Names nobody has are locked like accounts (routes/auth.ts), compared case-insensitively.
    index('login_logs_account_lower_idx').on(sql`lower(${t.account})`, t.createdAt),
  ],
);

/**
 * Wrong passwords per (account name, client address), names nobody has included (ADR 0023). A try
 * is numbered here before its password is checked; the fifth wrong one in a window locks that pair
 * (not the account everywhere). The sum over a name's addresses asks for a captcha.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    /** lower(trim(account)) as typed. */
    accountKey: text('account_key').notNull(),
    ip: text('ip').notNull(),
    failures: integer('failures').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.accountKey, t.ip] }), index('sign_in_failures_window_idx').on(t.windowStart)],
);

/** Image captchas handed out at sign-in: single use, short-lived, only hashes kept (ADR 0023). */
export const captchas = pgTable(
  'captchas',
  {
    idHash: text('id_hash').primaryKey(),
    answerHash: text('answer_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captchas_expires_idx').on(t.expiresAt)],
);

/** Rows the demo seeding wrote, so that clearing the demo touches nothing else (ADR 0024). */
export const demoRecords = pgTable(
  'demo_records',
  {
    tableName: text('table_name').notNull(),
    rowId: bigint('row_id', { mode: 'number' }).notNull(),
    /** An introduction the demo wrote counts as demo only while nobody has saved it since. */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.rowId] })],
);

/**
 * The API rate limit's counters, shared by every server process on one PostgreSQL (ADR 0015).
 * Created UNLOGGED in the migration: counters need no crash safety and no WAL. Times in epoch ms.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_limit_counters_expires_idx').on(t.expiresAt)],
);

export type RoleRow = typeof roles.$inferSelect;

// ---- Tasks, submissions and points (docs/product.md §4) ----

export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    category: smallint('category').notNull(),
    content: text('content').notNull(),
    template: text('template').notNull(),
    imageNum: smallint('image_num').notNull().default(0),
    points: integer('points').notNull().default(0),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    status: text('status').$type<TaskStatus>().notNull().default('draft'),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => users.id),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The form fields a report fills beyond text and photos (docs/product.md §4). */
    fields: jsonb('fields').$type<TaskField[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tasks_created_idx').on(t.createdAt, t.id),
    index('tasks_status_idx').on(t.status, t.createdAt),
    index('tasks_category_idx').on(t.category, t.createdAt),
    // Category and status together (the list's usual pair): its count reads the index alone.
    index('tasks_category_status_idx').on(t.category, t.status, t.createdAt),
    index('tasks_published_idx').on(t.status, t.publishedAt),
    index('tasks_search_idx').using('gin', searchGrams(taskDocument(t))),
    // The dashboard's overdue tasks: published ones past their deadline, counted on the index alone.
    index('tasks_open_deadline_idx')
      .on(t.deadline)
      .where(sql`${t.status} = 'published'`),
  ],
);

export const taskAreas = pgTable(
  'task_areas',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    area: smallint('area')
      .notNull()
      .references(() => areas.id),
    /** Approved reports of this task from this village, kept by trigger (migration 0017): 完成 when above 0. */
    approved: integer('approved').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.area] }), index('task_areas_area_idx').on(t.area, t.taskId)],
);

export const taskGroups = pgTable(
  'task_groups',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.groupId] }), index('task_groups_group_idx').on(t.groupId)],
);

export const submissions = pgTable(
  'submissions',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    area: smallint('area')
      .notNull()
      .references(() => areas.id),
    text: text('text').notNull().default(''),
    /** The values of the task's form fields, by key (docs/product.md §4). */
    values: jsonb('values').$type<TaskFieldValues>().notNull().default({}),
    status: text('status').$type<SubmissionStatus>().notNull().default('pending'),
    late: boolean('late').notNull().default(false),
    reviewerId: integer('reviewer_id').references(() => users.id),
    comment: text('comment').notNull().default(''),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    clientKey: text('client_key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One live (pending or approved) submission per user and task; rejected ones stay as history.
    uniqueIndex('submissions_live_idx')
      .on(t.taskId, t.userId)
      .where(sql`${t.status} in ('pending', 'approved')`),
    // A phone retrying with the same key gets the submission it already made.
    uniqueIndex('submissions_client_key_idx').on(t.userId, t.clientKey),
    index('submissions_status_idx').on(t.status, t.createdAt),
    index('submissions_area_idx').on(t.area, t.status, t.createdAt),
    index('submissions_task_idx').on(t.taskId, t.status),
    index('submissions_user_idx').on(t.userId, t.createdAt),
    // The wall display's rolling list of the latest approvals.
    index('submissions_approved_idx')
      .on(t.reviewedAt)
      .where(sql`${t.status} = 'approved'`),
  ],
);

export const submissionImages = pgTable(
  'submission_images',
  {
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id),
    position: smallint('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.submissionId, t.position] }),
    // Which records show an upload: the duplicate-photo check (ADR 0027) and the clean-up of unused uploads.
    index('submission_images_upload_idx').on(t.uploadId),
  ],
);

/** Append-only: rows are never updated or deleted; a correction is a new manual entry. */
export const scoreLedger = pgTable(
  'score_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    source: text('source').notNull(),
    // Unique: an approved submission pays out exactly once, however many reviewers click.
    submissionId: integer('submission_id')
      .unique()
      .references(() => submissions.id),
    operatorId: integer('operator_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('score_ledger_user_idx').on(t.userId, t.createdAt), index('score_ledger_created_idx').on(t.createdAt, t.userId, t.delta)],
);

// ---- News, introductions and the organisation chart (docs/product.md §5) ----

export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    /** Sanitised rich text. */
    content: text('content').notNull(),
    /** NEWS_COLUMNS index + 1. */
    column: smallint('column').notNull(),
    /** Null: town-wide. */
    area: smallint('area').references(() => areas.id),
    coverId: integer('cover_id').references(() => uploads.id, { onDelete: 'set null' }),
    status: text('status').$type<NewsStatus>().notNull().default('draft'),
    pinned: boolean('pinned').notNull().default(false),
    /** Set by the first publication and kept when the item goes offline and back. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    views: integer('views').notNull().default(0),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Public reading: published, pinned first, newest first; by column; by area (plus town-wide).
    index('news_public_idx').on(t.status, t.pinned, t.publishedAt, t.id),
    index('news_column_idx').on(t.column, t.status, t.pinned, t.publishedAt, t.id),
    index('news_area_idx').on(t.area, t.status, t.pinned, t.publishedAt, t.id),
    // The admin list: pinned first then newest, by status, by author (data scope 'self'), sorted by views.
    index('news_pinned_created_idx').on(t.pinned, t.createdAt, t.id),
    index('news_created_idx').on(t.createdAt, t.id),
    index('news_status_idx').on(t.status, t.createdAt),
    index('news_author_idx').on(t.authorId, t.createdAt),
    index('news_published_idx').on(t.publishedAt, t.id),
    index('news_views_idx').on(t.views, t.id),
    index('news_search_idx').using('gin', searchGrams(newsDocument(t))),
  ],
);

/** The centre's introduction: exactly one row (id 1), created by the seed. */
export const centreIntroduction = pgTable(
  'centre_introduction',
  {
    id: smallint('id').primaryKey().default(1),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    /** Null until someone edits the seeded placeholder. */
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    updatedById: integer('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('centre_introduction_single_row', sql`${t.id} = 1`)],
);

/** The centre introduction's pictures, in order. */
export const centreIntroductionImages = pgTable('centre_introduction_images', {
  position: smallint('position').primaryKey(),
  uploadId: integer('upload_id')
    .notNull()
    .references(() => uploads.id),
});

/** One per area; the display name lives in areas.name. */
export const villageIntroductions = pgTable('village_introductions', {
  area: smallint('area')
    .primaryKey()
    .references(() => areas.id),
  content: text('content').notNull().default(''),
  coverId: integer('cover_id').references(() => uploads.id, { onDelete: 'set null' }),
  population: integer('population'),
  households: integer('households'),
  /** In mu (亩), one decimal. */
  landArea: numeric('land_area', { precision: 10, scale: 1, mode: 'number' }),
  partyMembers: integer('party_members'),
  leader: text('leader').notNull().default(''),
  phone: text('phone').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
  updatedById: integer('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
});

export const orgUnits = pgTable(
  'org_units',
  {
    id: serial('id').primaryKey(),
    /** Null: a root. A unit with children cannot be deleted (the API says so; the key is the second guard). */
    parentId: integer('parent_id').references((): AnyPgColumn => orgUnits.id),
    name: text('name').notNull(),
    leader: text('leader').notNull().default(''),
    position: text('position').notNull().default(''),
    phone: text('phone').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    members: text('members').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('org_units_parent_idx').on(t.parentId, t.sort, t.id)],
);

// ---- People services: appeals, photo reports, public opinion (docs/product.md §6–§9) ----

export const appeals = pgTable(
  'appeals',
  {
    id: serial('id').primaryKey(),
    /** The villager's account; null for an appeal registered by staff for someone without one (ADR 0054). */
    submitterId: integer('submitter_id').references(() => users.id),
    /** The name staff entered when registering; null for an appeal made on the phone pages (the account's name). */
    contactName: text('contact_name'),
    /** APPEAL_SOURCES: 'online' for the phone pages, otherwise how staff received it. */
    source: text('source').$type<AppealSource>().notNull().default('online'),
    /** The staff member who registered it (窗口/电话/来信/其他); null for an appeal made on the phone pages. */
    registeredBy: integer('registered_by').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** APPEAL_CATEGORIES index + 1. */
    category: smallint('category').notNull(),
    area: smallint('area')
      .notNull()
      .references(() => areas.id),
    phone: text('phone').notNull(),
    status: text('status').$type<AppealStatus>().notNull().default('pending'),
    handlerId: integer('handler_id').references(() => users.id),
    reply: text('reply'),
    rejectReason: text('reject_reason'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    satisfaction: smallint('satisfaction'),
    satisfactionComment: text('satisfaction_comment'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    /** SATISFACTION_SOURCES: who gave the satisfaction, the villager on the phone or a call-back. */
    satisfactionSource: text('satisfaction_source').$type<SatisfactionSource>(),
    /**
     * When the call-back (回访) ended: it reached the villager, or the last allowed attempt did not
     * (CALLBACK_ATTEMPTS_MAX, ADR 0062). Null while it is open; each attempt is also in the history.
     */
    calledBackAt: timestamp('called_back_at', { withTimezone: true }),
    /** Whether the call-back that ended reached the villager. */
    callbackReached: boolean('callback_reached'),
    /** Attempts so far, reached or not. */
    callbackAttempts: smallint('callback_attempts').notNull().default(0),
    calledBackBy: integer('called_back_by').references(() => users.id, { onDelete: 'set null' }),
    /** The village it is handed to (转派); null while the town handles it (ADR 0031). */
    dispatchedArea: smallint('dispatched_area').references(() => areas.id),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    clientKey: text('client_key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('appeals_client_key_idx').on(t.submitterId, t.clientKey),
    // A registration's retry: the key is the registering staff member's.
    uniqueIndex('appeals_registered_key_idx')
      .on(t.registeredBy, t.clientKey)
      .where(sql`${t.registeredBy} is not null`),
    index('appeals_source_idx').on(t.source, t.createdAt, t.id),
    // Ratings given on a call-back, for 数据概览's count of them.
    index('appeals_callback_rated_idx')
      .on(t.area)
      .where(sql`${t.satisfactionSource} = 'callback'`),
    // 待回访: answered, unrated and not called back, a small part of the table, by reply time.
    index('appeals_callback_due_idx')
      .on(t.repliedAt)
      .where(sql`${t.status} in ('replied', 'closed') and ${t.satisfaction} is null and ${t.calledBackAt} is null`),
    index('appeals_created_idx').on(t.createdAt, t.id),
    index('appeals_status_idx').on(t.status, t.createdAt, t.id),
    index('appeals_area_idx').on(t.area, t.status, t.createdAt),
    index('appeals_category_idx').on(t.category, t.createdAt),
    index('appeals_submitter_idx').on(t.submitterId, t.createdAt),
    index('appeals_handler_idx').on(t.handlerId, t.createdAt),
    // A village's handed-down appeals (the cadres' phone list, a village-scoped handler's list).
    index('appeals_dispatched_idx')
      .on(t.dispatchedArea, t.status, t.createdAt, t.id)
      .where(sql`${t.dispatchedArea} is not null`),
    // Overdue: open items past their due time, a small part of the table.
    index('appeals_open_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} in ('pending', 'processing')`),
    index('appeals_search_idx').using('gin', searchGrams(appealDocument(t))),
  ],
);

export const appealImages = pgTable(
  'appeal_images',
  {
    appealId: integer('appeal_id')
      .notNull()
      .references(() => appeals.id, { onDelete: 'cascade' }),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appealId, t.position] }), index('appeal_images_upload_idx').on(t.uploadId)],
);

export const photoReports = pgTable(
  'photo_reports',
  {
    id: serial('id').primaryKey(),
    submitterId: integer('submitter_id')
      .notNull()
      .references(() => users.id),
    description: text('description').notNull(),
    /** PHOTO_REPORT_TYPES index + 1. */
    type: smallint('type').notNull(),
    area: smallint('area')
      .notNull()
      .references(() => areas.id),
    location: text('location').notNull().default(''),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    status: text('status').$type<PhotoReportStatus>().notNull().default('pending'),
    handlerId: integer('handler_id').references(() => users.id),
    result: text('result'),
    invalidReason: text('invalid_reason'),
    /** When it was handled or found invalid. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    /** The village it is handed to (转派); null while the town handles it (ADR 0064). */
    dispatchedArea: smallint('dispatched_area').references(() => areas.id),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    clientKey: text('client_key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('photo_reports_client_key_idx').on(t.submitterId, t.clientKey),
    index('photo_reports_created_idx').on(t.createdAt, t.id),
    index('photo_reports_status_idx').on(t.status, t.createdAt, t.id),
    index('photo_reports_area_idx').on(t.area, t.status, t.createdAt),
    index('photo_reports_type_idx').on(t.type, t.createdAt),
    index('photo_reports_submitter_idx').on(t.submitterId, t.createdAt),
    index('photo_reports_handler_idx').on(t.handlerId, t.createdAt),
    // A village's handed-down reports (the cadres' phone list, a village-scoped handler's list).
    index('photo_reports_dispatched_idx')
      .on(t.dispatchedArea, t.status, t.createdAt, t.id)
      .where(sql`${t.dispatchedArea} is not null`),
    // 待审核: the villages' answers waiting for the centre, a small part of the table.
    index('photo_reports_reviewing_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'reviewing'`),
    index('photo_reports_search_idx').using('gin', searchGrams(photoReportDocument(t))),
  ],
);

/** A report's own photos (kind 'report') and the handler's result photos (kind 'result'), in order. */
export const photoReportImages = pgTable(
  'photo_report_images',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => photoReports.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.kind, t.position] }), index('photo_report_images_upload_idx').on(t.uploadId)],
);

/**
 * A photo of a record found near-identical to a photo of an earlier record (ADR 0027): written when
 * a photo is attached or hashed, read with the record. Kinds are PHOTO_RECORD_KINDS; a photo
 * report's photos are its own (kind 'report'), not the handler's result photos. No foreign keys:
 * the record columns name one of three tables, and an attached upload is never deleted.
 */
export const photoMatches = pgTable(
  'photo_matches',
  {
    kind: text('kind').$type<PhotoRecordKind>().notNull(),
    recordId: integer('record_id').notNull(),
    uploadId: integer('upload_id').notNull(),
    otherKind: text('other_kind').$type<PhotoRecordKind>().notNull(),
    otherRecordId: integer('other_record_id').notNull(),
    otherUploadId: integer('other_upload_id').notNull(),
    distance: smallint('distance').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.recordId, t.uploadId, t.otherKind, t.otherRecordId, t.otherUploadId] })],
);

/** Every step of an appeal or photo report: who did what, when (exactly one of the two ids is set). */
export const serviceEvents = pgTable(
  'service_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appealId: integer('appeal_id').references(() => appeals.id, { onDelete: 'cascade' }),
    photoReportId: integer('photo_report_id').references(() => photoReports.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    /** Null: the system (an appeal closed by its rating). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    /** 转派: the village the appeal was handed to. */
    area: smallint('area').references(() => areas.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('service_events_appeal_idx').on(t.appealId, t.id),
    index('service_events_photo_report_idx').on(t.photoReportId, t.id),
    check('service_events_one_target', sql`(${t.appealId} is null) <> (${t.photoReportId} is null)`),
  ],
);

/**
 * The photos that went with one step (ADR 0064): a reply to an appeal, a photo report's result or a
 * village's answer to one. Kept per step, so an answer the centre sent back keeps its photos in the
 * history. Private like the record's own photos.
 */
export const serviceEventImages = pgTable(
  'service_event_images',
  {
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => serviceEvents.id, { onDelete: 'cascade' }),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.position] }), index('service_event_images_upload_idx').on(t.uploadId)],
);

/**
 * A kept notice (the bells, 我的消息; ADR 0031, 0055): one event for one person, naming the appeal or
 * the task it is about; the client derives the page from the kind. Paged newest first per user.
 */
export const userNotices = pgTable(
  'user_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** USER_NOTICE_KINDS. */
    kind: text('kind').$type<UserNoticeKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    appealId: integer('appeal_id').references(() => appeals.id, { onDelete: 'cascade' }),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'cascade' }),
    photoReportId: integer('photo_report_id').references(() => photoReports.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_notices_user_idx').on(t.userId, t.id),
    index('user_notices_unread_idx')
      .on(t.userId, t.id)
      .where(sql`${t.readAt} is null`),
    // Deleting a draft task looks for its notices (there are none: drafts notify nobody) by this.
    index('user_notices_task_idx')
      .on(t.taskId)
      .where(sql`${t.taskId} is not null`),
    // Deleting a photo report (clearing demo data) finds its notices by this.
    index('user_notices_photo_report_idx')
      .on(t.photoReportId)
      .where(sql`${t.photoReportId} is not null`),
    // The daily deadline reminder is written once per task per person, however often the job runs.
    uniqueIndex('user_notices_due_once_idx')
      .on(t.taskId, t.userId)
      .where(sql`${t.kind} = 'taskDueTomorrow'`),
  ],
);

export const opinions = pgTable(
  'opinions',
  {
    id: serial('id').primaryKey(),
    /** OPINION_SOURCES index + 1. */
    source: smallint('source').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    link: text('link').notNull().default(''),
    sentiment: text('sentiment').$type<OpinionSentiment>().notNull(),
    /** OPINION_LEVELS index + 1. */
    level: smallint('level').notNull(),
    /** Null: town-wide. */
    area: smallint('area').references(() => areas.id),
    status: text('status').$type<OpinionStatus>().notNull().default('monitoring'),
    appealId: integer('appeal_id').references(() => appeals.id, { onDelete: 'set null' }),
    photoReportId: integer('photo_report_id').references(() => photoReports.id, { onDelete: 'set null' }),
    /** The watch keywords that made an automatic item. */
    keyword: text('keyword'),
    /** Null: made by the keyword watch. */
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('opinions_created_idx').on(t.createdAt, t.id),
    index('opinions_status_idx').on(t.status, t.createdAt, t.id),
    index('opinions_area_idx').on(t.area, t.createdAt),
    index('opinions_creator_idx').on(t.createdById, t.createdAt),
    index('opinions_appeal_idx').on(t.appealId),
    index('opinions_photo_report_idx').on(t.photoReportId),
  ],
);

export const opinionKeywords = pgTable(
  'opinion_keywords',
  {
    id: serial('id').primaryKey(),
    keyword: text('keyword').notNull(),
    /** How many opinion items it has made; raised in the transaction that makes one. */
    matches: integer('matches').notNull().default(0),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('opinion_keywords_keyword_idx').on(sql`lower(${t.keyword})`),
    index('opinion_keywords_created_idx').on(t.createdAt, t.id),
  ],
);

// ---- The wall display's links (docs/product.md §10, ADR 0010) ----

/** A read-only key for /screen: stats only, revocable; stored hashed, shown once when made. */
export const displayLinks = pgTable('display_links', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  keyPrefix: text('key_prefix').notNull(),
  createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

// ---- Channels beyond the browser (docs/product.md §16; ADR 0068, 0069) ----

/**
 * A group robot (企业微信, 钉钉: a village's, or the centre's when `area` is null) or the SMS gateway.
 * Off until an admin switches it on. `url` holds a robot's key and `secret` a signing secret or the
 * gateway's key: both stay on the server (answers and the operation log mask them, ADR 0018).
 */
export const noticeChannels = pgTable(
  'notice_channels',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<ChannelKind>().notNull(),
    name: text('name').notNull(),
    area: smallint('area').references(() => areas.id),
    enabled: boolean('enabled').notNull().default(false),
    format: text('format').$type<ChannelFormat>().notNull().default('text'),
    url: text('url').notNull(),
    secret: text('secret'),
    /** The gateway's request: method, headers, body template with {phone}, {text} and {secret}. */
    method: text('method').$type<'GET' | 'POST'>().notNull().default('POST'),
    headers: jsonb('headers').$type<Array<{ name: string; value: string }>>().notNull().default([]),
    bodyTemplate: text('body_template').notNull().default(''),
    /** The gateway's answer counts as sent when HTTP 2xx and, if a path is set, the JSON there equals the value. */
    successPath: text('success_path').notNull().default(''),
    successValue: text('success_value').notNull().default(''),
    /** USER_NOTICE_KINDS this channel carries. */
    noticeKinds: text('notice_kinds').array().$type<UserNoticeKind[]>().notNull(),
    /** A robot's own quiet hours (minutes of the Beijing day); null: none. */
    quietStart: smallint('quiet_start'),
    quietEnd: smallint('quiet_end'),
    lastTestAt: timestamp('last_test_at', { withTimezone: true }),
    lastTestOk: boolean('last_test_ok'),
    lastTestError: text('last_test_error'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One robot per village and one for the centre (area 0 here), one SMS gateway.
    uniqueIndex('notice_channels_robot_place_idx')
      .on(sql`coalesce(${t.area}, 0)`)
      .where(sql`${t.kind} in ('wecom', 'dingtalk')`),
    uniqueIndex('notice_channels_sms_idx')
      .on(t.kind)
      .where(sql`${t.kind} = 'sms'`),
  ],
);

/**
 * Each message a channel is to carry, written in the transaction of the notice that caused it
 * (services/channels/outbox.ts) and sent by server/jobs/noticeSender.ts. A text message names its
 * person and phone; a robot's names neither (`dedupe_key` makes it one per robot per event).
 */
export const noticeOutbox = pgTable(
  'notice_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => noticeChannels.id, { onDelete: 'cascade' }),
    noticeId: bigint('notice_id', { mode: 'number' }).references(() => userNotices.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<UserNoticeKind>().notNull(),
    /** The phone a text message goes to, as it was when written. */
    address: text('address'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * While `sending`: the claim's token; `next_attempt_at` is then when the claim lapses (a sender
     * that stopped mid-send leaves the row to another).
     */
    claimToken: text('claim_token'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
  },
  (t) => [
    // What the senders look for: only rows still to send are in it.
    index('notice_outbox_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} in ('pending', 'retrying', 'held', 'sending')`),
    index('notice_outbox_status_idx').on(t.status, t.id),
    index('notice_outbox_channel_idx').on(t.channelId, t.id),
    index('notice_outbox_kind_idx').on(t.kind, t.id),
    index('notice_outbox_address_idx')
      .on(t.address, t.id)
      .where(sql`${t.address} is not null`),
    index('notice_outbox_user_idx')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    index('notice_outbox_notice_idx')
      .on(t.noticeId)
      .where(sql`${t.noticeId} is not null`),
    index('notice_outbox_created_idx').on(t.createdAt),
    uniqueIndex('notice_outbox_dedupe_idx')
      .on(t.channelId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
  ],
);

/**
 * A person's choices (我的消息 › 消息设置): text messages per kind (only the kinds they changed; the
 * others follow NOTICE_KIND_CHANNELS) and quiet hours (null start: none). No row: the defaults.
 */
export const noticePreferences = pgTable('notice_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sms: jsonb('sms').$type<Partial<Record<UserNoticeKind, boolean>>>().notNull().default({}),
  quietStart: smallint('quiet_start'),
  quietEnd: smallint('quiet_end'),
  updatedAt: updatedAt(),
});

// ---- Summaries kept by triggers in the writing transaction (ADR 0013) ----

/**
 * Rows per status (and area, where the table has one) of the big listed tables, so a list's total
 * over the whole township is a sum of a few rows instead of a count over 100k. Area 0: the table
 * has no single area (tasks).
 */
export const rowCounts = pgTable(
  'row_counts',
  {
    entity: text('entity').notNull(),
    status: text('status').notNull(),
    area: integer('area').notNull(),
    /** Tasks only (a task has several villages, so area is 0): the work category. 0 elsewhere. */
    category: integer('category').notNull().default(0),
    n: integer('n').notNull(),
    /** Appeals only: how many of the rows carry a satisfaction, and its sum (the dashboard's average). */
    rated: integer('rated').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.entity, t.status, t.area, t.category] })],
);

/**
 * Village work units: the (task, village) pairs per village, task status and work category, and how
 * many of them an approved report completed (task_areas.approved above 0). The dashboard's
 * completion rates read a few hundred of these rows instead of every task and report (ADR 0057).
 */
export const taskAreaCounts = pgTable(
  'task_area_counts',
  {
    area: integer('area').notNull(),
    status: text('status').notNull(),
    category: integer('category').notNull(),
    targets: integer('targets').notNull(),
    completed: integer('completed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.area, t.status, t.category] })],
);

/** Rows created per Beijing day and village (appeals, photo reports): the dashboard's daily chart (ADR 0057). */
export const dayCounts = pgTable(
  'day_counts',
  {
    entity: text('entity').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    area: integer('area').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entity, t.day, t.area] })],
);

/** Points per user per day (Beijing time) from the ledger: a period's ranking sums days, not entries. */
export const scoreDaily = pgTable(
  'score_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    points: integer('points').notNull(),
  },
  // The period ranking reads a range of days: with points in the index it never visits the table.
  (t) => [primaryKey({ columns: [t.day, t.userId] }), index('score_daily_cover_idx').on(t.day, t.userId, t.points)],
);

/** score_daily summed per Beijing week (Monday's date): a 30-day period reads about a third of the rows. */
export const scoreWeekly = pgTable(
  'score_weekly',
  {
    week: date('week', { mode: 'string' }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    points: integer('points').notNull(),
  },
  (t) => [primaryKey({ columns: [t.week, t.userId] }), index('score_weekly_cover_idx').on(t.week, t.userId, t.points)],
);
