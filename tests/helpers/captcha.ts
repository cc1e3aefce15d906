import { createHash } from 'node:crypto';
import pg from 'pg';

// The tests' ways past a captcha, whose real answer is only in its picture (ADR 0046): the
// database keeps sha256(id:answer), which a test may overwrite or check guesses against.

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** As server/services/accounts/captcha.ts stores an answer. */
export const answerHashOf = (captchaId: string, answer: string) => sha256(`${captchaId}:${answer.trim().toLowerCase()}`);

/** Gives a captcha a running server made (its database at `databaseUrl`) the answer `answer`. */
export async function setCaptchaAnswer(databaseUrl: string, captchaId: string, answer: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const res = await client.query('update captchas set answer_hash = $1 where id_hash = $2', [
      answerHashOf(captchaId, answer),
      sha256(captchaId),
    ]);
    if (res.rowCount !== 1) throw new Error('the captcha is not in the database');
  } finally {
    await client.end();
  }
}

/** A run of `length` characters in `text` (any case) that is the captcha's answer, if there is one. */
export function answerWithin(text: string, length: number, captchaId: string, answerHash: string): string | undefined {
  const seen = new Set<string>();
  for (let i = 0; i + length <= text.length; i++) {
    const run = text.slice(i, i + length).toLowerCase();
    if (seen.has(run)) continue;
    seen.add(run);
    if (answerHashOf(captchaId, run) === answerHash) return run;
  }
  return undefined;
}
