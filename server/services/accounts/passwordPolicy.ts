import fs from 'node:fs';
import path from 'node:path';
import { RULE_MESSAGES } from '../../../common/constants';
import { passwordRuleProblem } from '../../../common/passwordRule';
import type { DbOrTx } from '../../db/client';
import { badRequest } from '../../errors';
import { readSettings } from '../system/settings';

/**
 * server/data/common-passwords.txt: the 10,000 most common passwords; common-passwords-zh.txt: those
 * common in China (their headers say whence).
 */
const LIST_FILES = ['common-passwords.txt', 'common-passwords-zh.txt'].map((name) => path.resolve(__dirname, '../../data', name));

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(
    LIST_FILES.flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line && !line.startsWith('# ')),
    ),
  );
  return common;
}

/** Whether the password is among the most common ones, whatever its case. */
const isCommonPassword = (password: string) => commonPasswords().has(password.toLowerCase());

/**
 * The rule the contract cannot say (length and letters+digits are checked there): the shared rule
 * (common/passwordRule.ts: the account name, phone and centre's name, guessable patterns) after the
 * common lists; a 400 naming the field.
 */
function assertPasswordAllowed(
  password: string,
  field: string,
  label: string,
  context: Parameters<typeof passwordRuleProblem>[1] = {},
): void {
  if (isCommonPassword(password)) throw badRequest(field, label, RULE_MESSAGES.commonPassword);
  const problem = passwordRuleProblem(password, context);
  if (problem) throw badRequest(field, label, problem);
}

/** assertPasswordAllowed for a person's password, with the centre's name from the settings. */
export async function assertPasswordAllowedFor(
  db: DbOrTx,
  password: string,
  field: string,
  label: string,
  person: { account?: string; phone?: string },
): Promise<void> {
  const { centreName } = await readSettings(db);
  assertPasswordAllowed(password, field, label, { ...person, centreName });
}
