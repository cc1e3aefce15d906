import type { FormRule } from 'antd';
import { ACCOUNT_PATTERN, PASSWORD_PATTERN, PHONE_PATTERN, RULE_MESSAGES } from '@common/constants';
import { LIMITS } from '@common/limits';

/** The account fields' rules as the forms check them: the contracts' patterns and the server's words. */
export const FIELD_RULES = {
  account: { pattern: new RegExp(ACCOUNT_PATTERN), message: RULE_MESSAGES.account },
  password: { pattern: new RegExp(PASSWORD_PATTERN), message: RULE_MESSAGES.password },
  phone: { pattern: new RegExp(PHONE_PATTERN), message: RULE_MESSAGES.phone },
  personName: { max: LIMITS.personName, message: `姓名不能超过${LIMITS.personName}个字符` },
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
