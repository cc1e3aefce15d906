import { Type, type Static } from '@sinclair/typebox';
import { ACCOUNT_PATTERN, RULE_MESSAGES, DATA_SCOPES, PASSWORD_PATTERN, PERMISSION_KEYS, PHONE_PATTERN } from '../constants';
import { LIMITS } from '../limits';
import { AreaId, Name, Nullable } from './base';

export const Password = (title = '密码') =>
  Type.String({
    title,
    pattern: PASSWORD_PATTERN,
    minLength: 8,
    maxLength: 64,
    errorMessage: RULE_MESSAGES.password,
  });
export const Phone = Type.String({
  title: '手机号码',
  pattern: PHONE_PATTERN,
  errorMessage: RULE_MESSAGES.phone,
});
export const Account = Type.String({
  title: '账号',
  pattern: ACCOUNT_PATTERN,
  errorMessage: RULE_MESSAGES.account,
});
export const PersonName = Name('姓名', LIMITS.personName);
export const PermissionKeySchema = Type.Union(
  PERMISSION_KEYS.map((key) => Type.Literal(key)),
  { title: '权限' },
);
export const DataScopeSchema = Type.Union(
  DATA_SCOPES.map((scope) => Type.Literal(scope)),
  { title: '数据范围' },
);

export const LoginBody = Type.Object(
  {
    username: Type.String({ title: '账号', minLength: 1, maxLength: LIMITS.signInAccount }),
    password: Type.String({ title: '密码', minLength: 1, maxLength: LIMITS.signInPassword }),
    /** Both sent once the server asked for a captcha (captchaRequired in an answer). */
    captchaId: Type.Optional(Type.String({ title: '验证码', maxLength: LIMITS.captchaId })),
    captcha: Type.Optional(Type.String({ title: '验证码', maxLength: LIMITS.captcha })),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;
export const LoginResult = Type.Object({ token: Type.String() });
export type LoginResult = Static<typeof LoginResult>;
/** GET /api/login/captcha: a picture (a WebP data URL, ADR 0046) and the id to send back with its text. */
export const LoginCaptcha = Type.Object({ captchaId: Type.String(), image: Type.String() });
export type LoginCaptcha = Static<typeof LoginCaptcha>;

export const CurrentUser = Type.Object({
  id: Type.Integer(),
  account: Type.String(),
  name: Type.String(),
  phone: Type.String(),
  /** The role code; `admin` grants canAdmin. */
  access: Type.String(),
  roleName: Type.String(),
  permissions: Type.Array(Type.String()),
  dataScope: DataScopeSchema,
  area: Nullable(Type.Integer()),
  areaName: Nullable(Type.String()),
  /** The generated first password is still in use: nothing else works until it is changed. */
  mustChangePassword: Type.Optional(Type.Boolean()),
});
export type CurrentUser = Static<typeof CurrentUser>;

export const RegisterBody = Type.Object(
  {
    account: Account,
    name: PersonName,
    phone: Phone,
    password: Password(),
    area: AreaId(),
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;
export const RegisterResult = Type.Object({ status: Type.Literal('pending') });

export const ChangePasswordBody = Type.Object(
  {
    oldPassword: Type.String({ title: '原密码', minLength: 1, maxLength: LIMITS.signInPassword }),
    newPassword: Password('新密码'),
  },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;
