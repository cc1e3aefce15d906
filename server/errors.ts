import type { FieldError } from '../common/contracts/base';
import { type ErrorShowType, MESSAGES } from '../common/constants';

/**
 * An error whose message is safe to show the user; `status` is both HTTP status and body code.
 * `showType` overrides how the client shows it, which otherwise follows the status (ADR 0025).
 */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly errors?: FieldError[],
    /** More fields for the body (ApiError declares them), e.g. captchaRequired. */
    public readonly extra?: { captchaRequired?: boolean },
    public readonly showType?: ErrorShowType,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (field: string, label: string, message: string) =>
  new AppError(400, `${label}：${message}`, [{ field, label, message }]);
export const conflict = (message: string, field?: string, label?: string) =>
  new AppError(409, message, field ? [{ field, label: label ?? field, message }] : undefined);
export const notFound = (what = '') => new AppError(404, what ? `${what}不存在` : MESSAGES.notFound);
export const forbidden = (message: string = MESSAGES.forbidden, showType?: ErrorShowType) =>
  new AppError(403, message, undefined, undefined, showType);
export const unauthorized = (message: string = MESSAGES.unauthorizedRelogin) => new AppError(401, message);

/** PostgreSQL's unique_violation, as raised by both pg and PGlite. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const inner = e?.cause?.code ? e.cause : e;
  if (inner?.code !== '23505') return false;
  return !constraint || inner.constraint === constraint;
}

/** PostgreSQL's foreign_key_violation; with `constraintEnding`, only of a constraint whose name ends so. */
export function isForeignKeyViolation(error: unknown, constraintEnding?: string): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const inner = e?.cause?.code ? e.cause : e;
  if (inner?.code !== '23503') return false;
  return !constraintEnding || (inner.constraint ?? '').endsWith(constraintEnding);
}

/** PostgreSQL's numeric_value_out_of_range: a parameter too large for its column. */
export function isOutOfRange(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e?.cause?.code ?? e?.code) === '22003';
}

/** PostgreSQL's character_not_in_repertoire: a NUL character in a text parameter. */
export function isInvalidText(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e?.cause?.code ?? e?.code) === '22021';
}
