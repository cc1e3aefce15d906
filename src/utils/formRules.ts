import type { FormRule } from 'antd';
import { ACCOUNT_PATTERN, PASSWORD_PATTERN, PHONE_PATTERN, RULE_MESSAGES } from '@common/constants';
import { LIMITS } from '@common/limits';
import { passwordRuleProblem } from '@common/passwordRule';
import { HIDDEN_CHARACTERS_MESSAGE, hasHiddenCharacters } from '@common/textRules';

/** The account fields' rules as the forms check them: the contracts' patterns and the server's words. */
export const FIELD_RULES = {
  account: { pattern: new RegExp(ACCOUNT_PATTERN), message: RULE_MESSAGES.account },
  password: { pattern: new RegExp(PASSWORD_PATTERN), message: RULE_MESSAGES.password },
  phone: { pattern: new RegExp(PHONE_PATTERN), message: RULE_MESSAGES.phone },
  personName: { max: LIMITS.personName, message: `姓名不能超过${LIMITS.personName}个字符` },
  /** Names and titles: the server's rule on hidden and direction characters, said as one types. */
  visibleText: {
    validator: (_, value: unknown) =>
      typeof value === 'string' && hasHiddenCharacters(value) ? Promise.reject(new Error(HIDDEN_CHARACTERS_MESSAGE)) : Promise.resolve(),
  },
} satisfies Record<string, FormRule>;

/** What the account fields show before anything is typed. */
export const FIELD_HINTS = {
  account: '3-32位字母、数字或下划线',
  password: '至少8位，包含字母和数字',
  phone: '11位手机号码',
} as const;

/** A confirmation field: the same as the form's `field`. */
export const sameAs =
  (field: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_, value) =>
      !value || getFieldValue(field) === value ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
  });

/**
 * The password rule beyond the pattern, as the server checks it (common/passwordRule.ts): no
 * guessable combinations, nothing of the person's account name or phone. `person` gives them, or
 * names the form's fields that hold them. The server's list of common passwords is checked there.
 */
export const passwordRule =
  (person: { account?: string; phone?: string } | { fields: { account?: string; phone?: string } } = {}): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) => {
      const context =
        'fields' in person
          ? {
              account: person.fields.account ? getFieldValue(person.fields.account) : undefined,
              phone: person.fields.phone ? getFieldValue(person.fields.phone) : undefined,
            }
          : person;
      const problem = value ? passwordRuleProblem(value, context) : undefined;
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  });
