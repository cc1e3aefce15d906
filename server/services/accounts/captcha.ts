import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { captchas } from '../../db/schema';
import { randomCaptchaText, renderCaptcha } from './captchaImage';

// Image captchas for sign-in (ADR 0023): pictures drawn here as pixels (ADR 0046), no outside
// service; kept in the database so any server process can check one another made; only hashes
// stored; each is good once, for minutes. The answer ignores case and surrounding spaces.

const CAPTCHA_MINUTES = 5;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const answerHash = (id: string, answer: string) => sha256(`${id}:${answer.trim().toLowerCase()}`);

/**
 * Stores a new captcha and returns its id and picture. `text` fixes the answer (the tests, which
 * cannot read it back from its hash); otherwise it is random.
 */
export async function createCaptcha(db: DbOrTx, opts: { text?: string } = {}): Promise<{ captchaId: string; image: string }> {
  const text = opts.text ?? randomCaptchaText();
  const picture = await renderCaptcha(text);
  const captchaId = randomBytes(18).toString('base64url');
  // Old ones go as new ones come: the table holds minutes' worth.
  await db.delete(captchas).where(lt(captchas.expiresAt, sql`now()`));
  await db.insert(captchas).values({
    idHash: sha256(captchaId),
    answerHash: answerHash(captchaId, text),
    expiresAt: sql`now() + make_interval(mins => ${CAPTCHA_MINUTES})`,
  });
  return { captchaId, image: `data:image/webp;base64,${picture.toString('base64')}` };
}

/** True when the answer is right. The captcha is used up either way (one guess per picture). */
export async function consumeCaptcha(db: DbOrTx, captchaId: string, answer: string): Promise<boolean> {
  const [row] = await db
    .delete(captchas)
    .where(and(eq(captchas.idHash, sha256(captchaId)), gt(captchas.expiresAt, sql`now()`)))
    .returning({ answerHash: captchas.answerHash });
  if (!row) return false;
  const expected = Buffer.from(row.answerHash, 'hex');
  const given = Buffer.from(answerHash(captchaId, answer), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Expired captchas, for the hourly purge. */
export async function purgeExpiredCaptchas(db: DbOrTx): Promise<void> {
  await db.delete(captchas).where(lt(captchas.expiresAt, sql`now()`));
}
