import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt's cost: N = 2^17 with r = 8 needs 128 MiB and about 0.3 s per hash on a 2-core server
 * (ADR 0023). Hashes carry their parameters, so older ones still verify and are rehashed at the
 * next sign-in (needsRehash).
 */
const PRODUCTION_LOG_N = 17;
let logN = PRODUCTION_LOG_N;
const r = 8;
const p = 1;
const KEY_LENGTH = 64;
/** Stored parameters beyond this are refused rather than run: a bad row must not eat the memory. */
const MAX_LOG_N = 20;

function scrypt(password: string, salt: Buffer, options: ScryptOptions & { N: number; r: number }): Promise<Buffer> {
  // scrypt needs about 128 * N * r bytes; node's default ceiling is 32 MiB.
  const maxmem = 2 * 128 * options.N * options.r;
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, KEY_LENGTH, { ...options, maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * Sets a lower cost for the test suites (tests/helpers/app.ts), whose thousands of sign-ins would
 * otherwise take minutes. Nothing in production calls it: `npm start` always hashes at 2^17.
 */
export function useHashCostForTests(testLogN = 14): void {
  logN = testLogN;
  dummyHash = undefined;
}

/** Back to the production cost, for the test that checks what production hashes at. */
export function useProductionHashCost(): void {
  useHashCostForTests(PRODUCTION_LOG_N);
}

export const currentHashCost = () => ({ N: 2 ** logN, r, p });

/** `scrypt$N$r$p$salt$key`, salt and key in base64: parameters travel with the hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** logN;
  const key = await scrypt(password, salt, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parse(stored: string) {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [, n, rr, pp, salt, key] = parts;
  const params = { N: Number(n), r: Number(rr), p: Number(pp) };
  if (![params.N, params.r, params.p].every(Number.isInteger) || params.N > 2 ** MAX_LOG_N || params.r > 32 || params.p > 4)
    return undefined;
  return { ...params, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, { N: parsed.N, r: parsed.r, p: parsed.p });
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** True when a stored hash was made at a lower cost than today's: rehash it once the password is known. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.N < 2 ** logN || parsed.r < r;
}

let dummyHash: Promise<string> | undefined;
/** A real hash to verify against when the account does not exist, so both paths cost the same. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString('hex'));
  return dummyHash;
}

export function generatePassword(): string {
  // Letters and digits both guaranteed, so the generated password passes the password rule.
  const letters = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  const bytes = randomBytes(14);
  const chars = [...bytes.subarray(0, 12)].map((b) => all[b % all.length]);
  chars.push(letters[bytes[12] % letters.length], digits[bytes[13] % digits.length]);
  return chars.join('');
}
