import fs from 'node:fs';
import path from 'node:path';
import { RULE_MESSAGES } from '../../common/constants';
import { badRequest } from '../errors';

/** server/data/common-passwords.txt: the 10,000 most common passwords (its header says whence). */
const LIST_FILE = path.resolve(__dirname, '../data/common-passwords.txt');

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(
    fs
      .readFileSync(LIST_FILE, 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('# ')),
  );
  return common;
}

/** Whether the password is among the most common ones, whatever its case. */
const isCommonPassword = (password: string) => commonPasswords().has(password.toLowerCase());

/**
 * The rule the contract cannot say (length and letters+digits are checked there): a password on
 * the common list is refused, naming the field.
 */
export function assertPasswordAllowed(password: string, field: string, label: string): void {
  if (isCommonPassword(password)) throw badRequest(field, label, RULE_MESSAGES.commonPassword);
}
