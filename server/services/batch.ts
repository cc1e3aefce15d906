import type { Db } from '../db/client';
import { AppError } from '../errors';

/**
 * A bulk step (批量受理, 批量转派, 批量停用, ...): each record takes the same single step, in one transaction,
 * so either all of them move or none does (ADR 0063). A record that cannot take it (moved meanwhile,
 * outside the caller's scope) refuses the whole batch, naming it.
 */
export async function inBatch(
  db: Db,
  ids: readonly number[],
  what: string,
  step: (tx: Db, id: number) => Promise<void>,
): Promise<{ count: number }> {
  await db.transaction(async (tx) => {
    for (const id of ids) {
      try {
        // The single step's own transaction becomes a savepoint of this one.
        await step(tx as unknown as Db, id);
      } catch (error) {
        // A refusal of the caller or of the input (403, 400) is the same for every record.
        if (!(error instanceof AppError) || (error.status !== 404 && error.status !== 409)) throw error;
        throw new AppError(
          error.status,
          `编号 ${id} 的${what}：${error.message.replace(/[。.]$/, '')}。所选${what}都未处理`,
          error.errors,
          error.extra,
          error.showType,
        );
      }
    }
  });
  return { count: ids.length };
}
