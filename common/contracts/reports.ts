import { Type, type Static } from '@sinclair/typebox';
import { APPEAL_SOURCES } from '../constants';
import { REPORT_KINDS } from '../reportPeriod';
import { DateOnly, literals, Nullable, Timestamp } from './base';

// The township's report (通报) for a week or a month: GET /api/reports (JSON, the page's preview) and
// GET /api/reports/docx (the same figures as a Word document). ADR 0020 says what each figure means
// for a period; "at the period's end" means at the end of its last day, or now while it runs.

export const ReportQuery = Type.Object(
  {
    kind: Type.Optional(literals(REPORT_KINDS, '统计周期')),
    /** Any day of the period; without it, the last period that has ended. */
    date: Type.Optional(DateOnly('日期')),
  },
  { additionalProperties: false },
);
export type ReportQuery = Static<typeof ReportQuery>;

const Count = Type.Integer({ minimum: 0 });
/** A share 0–1 with three decimals; null when there is nothing to share out. */
const Rate = Nullable(Type.Number({ minimum: 0, maximum: 1 }));

const ReportPeriodInfo = Type.Object({
  kind: literals(REPORT_KINDS, '统计周期'),
  from: Type.String(),
  to: Type.String(),
  year: Type.Integer(),
  number: Type.Integer(),
  label: Type.String(),
  /** The period has not ended yet: its figures are up to `asOf` (now). */
  partial: Type.Boolean(),
  /** The moment "at the period's end" stands for: the period's end, or now while it runs. */
  asOf: Timestamp,
});
type ReportPeriodInfo = Static<typeof ReportPeriodInfo>;

const ReportAreaTasks = Type.Object({
  area: Type.Integer(),
  name: Type.String(),
  /** (task, area) units of the tasks published in the period that went to this area. */
  issued: Count,
  /** Of those, units the area had reported on (any report made) by the period's end. */
  submitted: Count,
  /** Of those, units with a report approved by the period's end. */
  approved: Count,
  rate: Rate,
  /** Rank by rate, then approved units (equal places share a rank); null without tasks. */
  rank: Nullable(Type.Integer()),
});
type ReportAreaTasks = Static<typeof ReportAreaTasks>;

const ReportPointsRow = Type.Object({
  rank: Type.Integer(),
  userId: Type.Integer(),
  name: Type.String(),
  areaName: Nullable(Type.String()),
  points: Type.Integer(),
});
type ReportPointsRow = Static<typeof ReportPointsRow>;

const ReportAreaAppeals = Type.Object({
  area: Type.Integer(),
  name: Type.String(),
  received: Count,
  replied: Count,
  /** Open at the period's end and past due (received in any period). */
  overdue: Count,
});
type ReportAreaAppeals = Static<typeof ReportAreaAppeals>;

const ReportOverdueAppeal = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  areaName: Type.String(),
  createdAt: Timestamp,
  dueAt: Timestamp,
  /** Whole days, rounded up, from the due time to the period's end. */
  daysOverdue: Type.Integer({ minimum: 1 }),
  /** The appeal's state now (it may have been answered since the period ended). */
  status: Type.String(),
});
type ReportOverdueAppeal = Static<typeof ReportOverdueAppeal>;

const ReportOverdueTask = Type.Object({
  taskId: Type.Integer(),
  title: Type.String(),
  area: Type.Integer(),
  areaName: Type.String(),
  deadline: Timestamp,
  daysOverdue: Type.Integer({ minimum: 1 }),
});
type ReportOverdueTask = Static<typeof ReportOverdueTask>;

export const Report = Type.Object({
  /** 示范镇综合治理中心工作通报（2026年第47周） */
  title: Type.String(),
  /** The issuing unit: the centre's name from the settings. */
  issuer: Type.String(),
  /** The day the report was made, township clock (YYYY-MM-DD). */
  issuedOn: Type.String(),
  generatedAt: Timestamp,
  /** The area the report is limited to (the caller's data scope), or null for the township. */
  area: Nullable(Type.Integer()),
  areaName: Type.String(),
  period: ReportPeriodInfo,
  tasks: Type.Object({
    /** Tasks published in the period (published or closed now). */
    published: Count,
    issued: Count,
    submitted: Count,
    approved: Count,
    rate: Rate,
    /** Reports made in the period, on any task. */
    reportsReceived: Count,
    /** Reports approved in the period, on any task. */
    reportsApproved: Count,
    byArea: Type.Array(ReportAreaTasks),
  }),
  points: Type.Object({
    /** Net points the ledger gave in the period. */
    total: Type.Integer(),
    /** People whose points changed in the period. */
    earners: Count,
    top: Type.Array(ReportPointsRow),
  }),
  appeals: Type.Object({
    /** Received in the period; the next four say where those stood at the period's end. */
    received: Count,
    replied: Count,
    rejected: Count,
    open: Count,
    /** Of the received, open and past due at the period's end. */
    overdue: Count,
    /** Ratings villagers gave in the period (to appeals of any period). */
    rated: Count,
    /** Their average, 1–5 with one decimal; null when nobody rated. */
    satisfaction: Nullable(Type.Number()),
    /** Of the ratings in the period, those given on a call-back (回访). */
    ratedByCallback: Count,
    /** The received, by how they reached the centre (APPEAL_SOURCES order, zeros included). */
    bySource: Type.Array(Type.Object({ source: literals(APPEAL_SOURCES, '来源'), label: Type.String(), count: Count })),
    /** Every appeal open and past due at the period's end, whenever received. */
    overdueAtEnd: Count,
    byArea: Type.Array(ReportAreaAppeals),
  }),
  photoReports: Type.Object({
    /** Received in the period; the next three say where those stood at the period's end. */
    received: Count,
    handled: Count,
    invalid: Count,
    pending: Count,
    byType: Type.Array(Type.Object({ type: Type.Integer(), label: Type.String(), count: Count })),
  }),
  overdue: Type.Object({
    /** Appeals open and past due at the period's end, longest overdue first (at most REPORT_LIST_SIZE). */
    appeals: Type.Array(ReportOverdueAppeal),
    appealsTotal: Count,
    /** (task, area) units past the deadline at the period's end with no live report from the area. */
    tasks: Type.Array(ReportOverdueTask),
    tasksTotal: Count,
  }),
});
export type Report = Static<typeof Report>;

/** How many people the points section names, and how many overdue items each list names. */
export const REPORT_POINTS_TOP = 10;
export const REPORT_LIST_SIZE = 20;
