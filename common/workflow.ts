// How records move from state to state: the server's services, the admin and phone pages and the
// mocks read these rules, so a step allowed in one is allowed in all.
import { CALLBACK_ATTEMPTS_MAX, CALLBACK_REFUSALS } from './constants';
import type {
  AppealStatus,
  MyTaskState,
  NewsStatus,
  OutboxStatus,
  PhotoReportStatus,
  SubmissionStatus,
  TaskStatus,
  UserNoticeKind,
  UserStatus,
} from './constants';

// ---- Accounts ----

interface UserStatusChangeRule {
  from: readonly UserStatus[];
  to: UserStatus;
  /** The answer when the account is in any other state. */
  refusal: string;
}
export const USER_STATUS_CHANGE_NAMES = ['approve', 'disable', 'enable'] as const;
export type UserStatusChange = (typeof USER_STATUS_CHANGE_NAMES)[number];
/** 通过审核, 停用 (also 拒绝 of a pending one) and 启用. */
export const USER_STATUS_CHANGES: Record<UserStatusChange, UserStatusChangeRule> = {
  approve: { from: ['pending'], to: 'active', refusal: '该用户不是待审核状态' },
  disable: { from: ['active', 'pending'], to: 'disabled', refusal: '该用户已是停用状态' },
  enable: { from: ['disabled'], to: 'active', refusal: '该用户不是停用状态' },
};

// ---- Appeals ----

/**
 * Handling is open: an appeal waits to be accepted or is being handled. Only then can it be
 * overdue, rejected, handed to a village (转派) or taken back (撤回); the due time never moves with
 * a hand-over (ADR 0031).
 */
export const APPEAL_OPEN_STATES = ['pending', 'processing'] as const satisfies readonly AppealStatus[];
export const isAppealOpen = (status: AppealStatus) => (APPEAL_OPEN_STATES as readonly AppealStatus[]).includes(status);

interface AppealStepRule {
  /** The states the step may start from. */
  from: readonly AppealStatus[];
  /** The state it leaves the appeal in. */
  to: AppealStatus;
  /** The appeal's field that records when the step was taken. */
  at: 'acceptedAt' | 'repliedAt' | 'closedAt' | 'rejectedAt';
  /** What the submitter is told of it, when anything (a notice on the phone's bell). */
  notice?: UserNoticeKind;
  /** What the one who took it is told. */
  done: string;
}

export const APPEAL_STEP_NAMES = ['accept', 'reply', 'close', 'reject'] as const;
export type AppealStep = (typeof APPEAL_STEP_NAMES)[number];
/** A handler's steps: pending → processing → replied → closed; an open appeal → rejected (with a reason). */
export const APPEAL_STEPS: Record<AppealStep, AppealStepRule> = {
  accept: { from: ['pending'], to: 'processing', at: 'acceptedAt', notice: 'appealAccepted', done: '已受理' },
  reply: { from: ['processing'], to: 'replied', at: 'repliedAt', notice: 'appealReplied', done: '已答复' },
  close: { from: ['replied'], to: 'closed', at: 'closedAt', done: '已办结' },
  reject: { from: APPEAL_OPEN_STATES, to: 'rejected', at: 'rejectedAt', notice: 'appealRejected', done: '已不予受理' },
};

/** Whether an appeal in this state may take the step. */
export const appealStepAllowed = (step: AppealStep, status: AppealStatus) => APPEAL_STEPS[step].from.includes(status);

// ---- Call-backs (回访, ADR 0062) ----

/** Answered: replied, and closed after the reply. Only an answered appeal is called back. */
export const APPEAL_ANSWERED_STATES = ['replied', 'closed'] as const satisfies readonly AppealStatus[];

interface CallbackFacts {
  status: AppealStatus;
  satisfaction: number | null;
  /** When the call-back ended (reached, or the last allowed attempt did not); null while it is open. */
  calledBackAt: string | Date | null;
}

/**
 * A call-back may be recorded on an answered appeal that nobody has rated yet (a villager's rating
 * and a call-back's score are the same satisfaction: whichever comes first is final), until one
 * reaches the villager or CALLBACK_ATTEMPTS_MAX attempts have not. A reached call-back's score
 * closes a replied appeal, as the villager's own rating does (`closes` → `to`).
 */
export const APPEAL_CALLBACK = {
  from: APPEAL_ANSWERED_STATES,
  closes: 'replied' as AppealStatus,
  to: 'closed' as AppealStatus,
  attemptsMax: CALLBACK_ATTEMPTS_MAX,
} as const;

/** Why no call-back can be recorded on the appeal as it is, or undefined when one can. */
export function callbackRefusal(appeal: CallbackFacts): string | undefined {
  if (!(APPEAL_CALLBACK.from as readonly AppealStatus[]).includes(appeal.status)) return CALLBACK_REFUSALS.notAnswered;
  if (appeal.satisfaction !== null && appeal.calledBackAt === null) return CALLBACK_REFUSALS.rated;
  if (appeal.calledBackAt !== null) return CALLBACK_REFUSALS.ended;
  return undefined;
}
export const callbackAllowed = (appeal: CallbackFacts) => callbackRefusal(appeal) === undefined;

// ---- Photo reports (随手拍) ----

/**
 * Handling is open: nobody has answered the report yet, or a village is working on it. Only then
 * can it be handled or found invalid by a handler, handed to a village or taken back (ADR 0064).
 */
export const PHOTO_REPORT_OPEN_STATES = ['pending', 'processing'] as const satisfies readonly PhotoReportStatus[];
export const isPhotoReportOpen = (status: PhotoReportStatus) => (PHOTO_REPORT_OPEN_STATES as readonly PhotoReportStatus[]).includes(status);

interface PhotoReportStepRule {
  from: readonly PhotoReportStatus[];
  to: PhotoReportStatus;
  /**
   * Who takes it: a handler within their data scope, a cadre of the village it was handed to, or
   * the centre (a handler whose scope is the whole town) reviewing a village's answer.
   */
  by: 'handler' | 'cadre' | 'centre';
  /** What the one who took it is told. */
  done: string;
}

export const PHOTO_REPORT_STEP_NAMES = ['handle', 'invalid', 'accept', 'reply', 'approve', 'return'] as const;
export type PhotoReportStep = (typeof PHOTO_REPORT_STEP_NAMES)[number];
/**
 * A handler finishes an open report (处理 with a result, 标为无效 with a reason). Handed down, the
 * village's cadre accepts it (受理) and answers with text and photos (回复), which the centre
 * reviews: 通过 makes the answer the report's result, 退回 sends it back to the village with a reason.
 */
export const PHOTO_REPORT_STEPS: Record<PhotoReportStep, PhotoReportStepRule> = {
  handle: { from: PHOTO_REPORT_OPEN_STATES, to: 'handled', by: 'handler', done: '已处理' },
  invalid: { from: PHOTO_REPORT_OPEN_STATES, to: 'invalid', by: 'handler', done: '已标为无效' },
  accept: { from: ['pending'], to: 'processing', by: 'cadre', done: '已受理' },
  reply: { from: ['processing'], to: 'reviewing', by: 'cadre', done: '已回复，等待镇里审核' },
  approve: { from: ['reviewing'], to: 'handled', by: 'centre', done: '审核通过，已办结' },
  return: { from: ['reviewing'], to: 'processing', by: 'centre', done: '已退回村里重新处置' },
};

/** Whether a report in this state may take the step. */
export const photoReportStepAllowed = (step: PhotoReportStep, status: PhotoReportStatus) => PHOTO_REPORT_STEPS[step].from.includes(status);

// ---- News ----

/** The states a news step starts from: 删除 and 发布 a draft or an offline item, 下线 a published one. */
export const NEWS_STEP_FROM: Record<'delete' | 'publish' | 'offline', readonly NewsStatus[]> = {
  delete: ['draft', 'offline'],
  publish: ['draft', 'offline'],
  offline: ['published'],
};

// ---- The caller's tasks (我的任务) ----

interface MyTaskStateCase {
  /** The task's state, when the case asks for one. */
  task?: TaskStatus;
  /** The state of the caller's latest submission, when the case asks for one. */
  latest?: SubmissionStatus;
  state: MyTaskState;
}

/**
 * The caller's state for a targeted task is that of the first case that fits: approved and pending
 * whatever the task's state; a rejection may be redone only while the task is open; an open task
 * is otherwise to do; a closed task without an approval was missed. The server turns the cases into
 * SQL (server/services/tasks/myTasks.ts); `myTaskState` applies them to one task.
 */
export const MY_TASK_STATE_CASES: readonly MyTaskStateCase[] = [
  { latest: 'approved', state: 'approved' },
  { latest: 'pending', state: 'pending' },
  { task: 'published', latest: 'rejected', state: 'rejected' },
  { task: 'published', state: 'todo' },
];
export const MY_TASK_STATE_OTHERWISE: MyTaskState = 'missed';

/** The caller's state for a task, from its state and that of their latest submission (none: undefined). */
export function myTaskState(task: TaskStatus, latest: SubmissionStatus | undefined): MyTaskState {
  const fits = MY_TASK_STATE_CASES.find((c) => (!c.task || c.task === task) && (!c.latest || c.latest === latest));
  return fits?.state ?? MY_TASK_STATE_OTHERWISE;
}

// ---- The outbox of messages beyond the browser (ADR 0068) ----

export const OUTBOX_STEP_NAMES = ['claim', 'send', 'fail', 'giveUp', 'hold', 'cancel', 'retry'] as const;
export type OutboxStep = (typeof OUTBOX_STEP_NAMES)[number];
/**
 * A sender claims a due message (or one whose sender's lease ran out: `sending` again); a try ends
 * sent, failed (retried later), failed for the last time (dead) or held for quiet hours; a message
 * whose channel was switched off is cancelled; an admin sends a dead one again (重试).
 */
export const OUTBOX_STEPS: Record<OutboxStep, { from: readonly OutboxStatus[]; to: OutboxStatus }> = {
  claim: { from: ['pending', 'retrying', 'held', 'sending'], to: 'sending' },
  send: { from: ['sending'], to: 'sent' },
  fail: { from: ['sending'], to: 'retrying' },
  giveUp: { from: ['sending'], to: 'dead' },
  hold: { from: ['sending'], to: 'held' },
  cancel: { from: ['pending', 'retrying', 'held', 'sending'], to: 'cancelled' },
  retry: { from: ['dead'], to: 'pending' },
};
/** The states of a message still to be sent. */
export const OUTBOX_WAITING_STATES = ['pending', 'retrying', 'held'] as const satisfies readonly OutboxStatus[];
