import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { DbOrTx } from '../db/client';
import { captchas } from '../db/schema';

// Image captchas for sign-in (ADR 0023). Made here, no outside service; kept in the database so any
// server process can check one another made; only hashes stored; each is good once, for minutes.

const CAPTCHA_MINUTES = 5;
/** Letters that look alike in a distorted font are left out; the answer ignores case. */
const IGNORE = '0oO1lIi';

/** The module itself draws a given text (untyped in its .d.ts; `create` picks a random one). */
const drawText = svgCaptcha as unknown as (text: string, options: Parameters<typeof svgCaptcha.create>[0]) => string;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const answerHash = (id: string, answer: string) => sha256(`${id}:${answer.trim().toLowerCase()}`);

/**
 * Stores a new captcha and returns its id and picture. `text` fixes the answer (the tests, which
 * cannot read it back from its hash); otherwise it is random.
 */
export async function createCaptcha(db: DbOrTx, opts: { text?: string } = {}): Promise<{ captchaId: string; image: string }> {
  const look = { noise: 3, color: true, background: '#f0f5ff', width: 120, height: 44 };
  const made = opts.text
    ? { text: opts.text, data: drawText(opts.text, look) }
    : svgCaptcha.create({ ...look, size: 4, ignoreChars: IGNORE });
  const { text, data: picture } = made;
  const captchaId = randomBytes(18).toString('base64url');
  // Old ones go as new ones come: the table holds minutes' worth.
  await db.delete(captchas).where(lt(captchas.expiresAt, sql`now()`));
  await db.insert(captchas).values({
    idHash: sha256(captchaId),
    answerHash: answerHash(captchaId, text),
    expiresAt: sql`now() + make_interval(mins => ${CAPTCHA_MINUTES})`,
  });
  return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(picture).toString('base64')}` };
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
