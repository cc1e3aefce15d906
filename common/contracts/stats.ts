import { Type, type Static } from '@sinclair/typebox';
import { APPEAL_SOURCES, APPEAL_STATUSES, PHOTO_REPORT_STATUSES } from '../constants';
import { LIMITS } from '../limits';
import { literals, Name, Nullable, Timestamp } from './base';

// The figures of /dashboard (GET /api/stats/overview, by the caller's data scope) and of the wall
// display /screen (GET /api/stats/screen, the whole township). Both have this one shape.

const Count = Type.Integer({ minimum: 0 });
const countsOf = <T extends string>(keys: readonly T[]) =>
  Type.Object(Object.fromEntries(keys.map((k) => [k, Count])) as Record<T, typeof Count>);

const AreaCount = Type.Object({ area: Type.Integer(), name: Type.String(), count: Count });
const RoleCount = Type.Object({ code: Type.String(), name: Type.String(), count: Count });

/**
 * A (task, area) pair is one unit of work: a published or closed task sent to that area. It is
 * completed when a report from that area has been approved (ADR 0010).
 */
export const CompletionByArea = Type.Object({
  area: Type.Integer(),
  name: Type.String(),
  targets: Count,
  completed: Count,
  /** completed / targets, 0–1; 0 when there are no targets. */
  rate: Type.Number(),
  pending: Count,
  approved: Count,
});
export type CompletionByArea = Static<typeof CompletionByArea>;
export const CompletionByCategory = Type.Object({
  category: Type.Integer(),
  label: Type.String(),
  /** Published and closed tasks of the category. */
  tasks: Count,
  targets: Count,
  completed: Count,
  rate: Type.Number(),
});
export type CompletionByCategory = Static<typeof CompletionByCategory>;

export const DayCount = Type.Object({
  /** YYYY-MM-DD on the township's clock. */
  date: Type.String(),
  appeals: Count,
  photoReports: Count,
});
export type DayCount = Static<typeof DayCount>;

export const LatestAppeal = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  areaName: Type.String(),
  status: Type.String(),
  overdue: Type.Boolean(),
  createdAt: Timestamp,
});
export type LatestAppeal = Static<typeof LatestAppeal>;
export const LatestApproval = Type.Object({
  id: Type.Integer(),
  taskId: Type.Integer(),
  taskTitle: Type.String(),
  userName: Type.String(),
  areaName: Type.String(),
  points: Type.Integer(),
  reviewedAt: Timestamp,
});
export type LatestApproval = Static<typeof LatestApproval>;
export const TopPoints = Type.Object({
  userId: Type.Integer(),
  name: Type.String(),
  areaName: Nullable(Type.String()),
  points: Type.Integer(),
});
export type TopPoints = Static<typeof TopPoints>;

export const StatsOverview = Type.Object({
  /** When the figures were counted (answers may be cached for a few seconds). */
  generatedAt: Timestamp,
  /** The area the figures are limited to, or null for the whole township. */
  area: Nullable(Type.Integer()),
  areaName: Type.String(),
  users: Type.Object({ total: Count, byRole: Type.Array(RoleCount), byArea: Type.Array(AreaCount) }),
  tasks: Type.Object({
    /** 进行中: published, taking reports (the task list's status filter 进行中 lists the same). */
    published: Count,
    /** Of those, past their deadline: reports are still taken and marked late. */
    overdue: Count,
    closed: Count,
    draft: Count,
  }),
  submissions: Type.Object({ pending: Count, approved: Count, rejected: Count }),
  completionByArea: Type.Array(CompletionByArea),
  completionByCategory: Type.Array(CompletionByCategory),
  appeals: Type.Object({
    total: Count,
    byStatus: countsOf(APPEAL_STATUSES),
    overdue: Count,
    /** Average rating 1–5 with one decimal, null when nobody has rated. */
    satisfaction: Nullable(Type.Number()),
    rated: Count,
    /** Of the rated, those rated on a call-back (回访) rather than by the villager on the phone. */
    ratedByCallback: Count,
    /** Appeals by how they reached the centre, every source in APPEAL_SOURCES order, zeros included. */
    bySource: Type.Array(Type.Object({ source: literals(APPEAL_SOURCES, '来源'), label: Type.String(), count: Count })),
  }),
  photoReports: Type.Object({ total: Count, byStatus: countsOf(PHOTO_REPORT_STATUSES) }),
  /** The last STATS_DAYS days, today last, zeros included. */
  perDay: Type.Array(DayCount),
  pointsTop: Type.Array(TopPoints),
  news: Type.Object({
    /** Published within `month` (the news list's 发布时间 filter over the same days lists the same). */
    publishedThisMonth: Count,
    /** The current month on the township's clock, first and last day (YYYY-MM-DD). */
    month: Type.Object({ from: Type.String(), to: Type.String() }),
  }),
  latestAppeals: Type.Array(LatestAppeal),
  latestApprovals: Type.Array(LatestApproval),
});
export type StatsOverview = Static<typeof StatsOverview>;

/** GET /api/stats/screen: a display key from the wall screen's link, or a signed-in user with `screen`. */
export const ScreenQuery = Type.Object(
  { key: Type.Optional(Type.String({ title: '大屏密钥', maxLength: LIMITS.displayKey })) },
  { additionalProperties: false },
);
export type ScreenQuery = Static<typeof ScreenQuery>;

// ---- Display links (admin) ----

export const DisplayLink = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The key's first characters, to tell links apart; the whole key is shown once, when made. */
  keyPrefix: Type.String(),
  createdByName: Type.String(),
  createdAt: Timestamp,
  lastUsedAt: Nullable(Timestamp),
  revokedAt: Nullable(Timestamp),
});
export type DisplayLink = Static<typeof DisplayLink>;
export const DisplayLinkBody = Type.Object({ name: Name('名称', LIMITS.displayLinkName) }, { additionalProperties: false });
export type DisplayLinkBody = Static<typeof DisplayLinkBody>;
/** The answer to creating one: the key itself, this once. */
export const NewDisplayLink = Type.Composite([DisplayLink, Type.Object({ key: Type.String() })]);
export type NewDisplayLink = Static<typeof NewDisplayLink>;
