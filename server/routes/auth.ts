import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  ChangePasswordBody,
  CurrentUser,
  LoginBody,
  LoginCaptcha,
  LoginResult,
  RegisterBody,
  RegisterResult,
} from '../../common/contracts/auth';
import { MESSAGES } from '../../common/constants';
import { ok, okEmpty, replies } from '../http';
import { requireUser } from '../plugins/auth';
import { createCaptcha } from '../services/accounts/captcha';
import { revokeSession } from '../services/accounts/sessions';
import { changeOwnPassword, registerVillager, signIn } from '../services/accounts/signIn';

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app;

  app.get(
    '/login/captcha',
    {
      // Each picture costs a row for five minutes. Once an address has had ten wrong passwords,
      // everyone behind it (a township hall's one address) needs a picture to sign in, so the
      // limit is the hall's, not one person's: enough for a hall, not for a flood (ADR 0040).
      config: { access: 'public', rateLimit: { max: 300, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: '登录验证码（服务器绘制的 WebP 图片，5 分钟内有效，只能用一次）',
        response: replies(LoginCaptcha),
      },
    },
    async () => ok(await createCaptcha(db)),
  );

  app.post(
    '/login/account',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: '账号密码登录', body: LoginBody, response: replies(LoginResult) },
    },
    async (request) => {
      const client = { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
      return ok({ token: await signIn(db, config, request.body, client) });
    },
  );

  app.get(
    '/currentUser',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['auth'], summary: '当前用户', response: replies(CurrentUser) },
    },
    async (request) => {
      const user = requireUser(request);
      return ok({
        id: user.id,
        account: user.account,
        name: user.name,
        phone: user.phone,
        access: user.roleCode,
        roleName: user.roleName,
        permissions: user.permissions,
        dataScope: user.dataScope,
        area: user.area,
        areaName: user.areaName,
        mustChangePassword: user.mustChangePassword,
      });
    },
  );

  const logout = async (request: FastifyRequest) => {
    await revokeSession(db, requireUser(request).sessionId);
    return okEmpty(MESSAGES.operationSuccess);
  };
  app.get(
    '/admin/logout',
    { config: { access: 'signedIn' }, schema: { tags: ['auth'], summary: '退出登录', response: replies() } },
    logout,
  );
  app.post(
    '/login/outLogin',
    { config: { access: 'signedIn' }, schema: { tags: ['auth'], summary: '退出登录', response: replies() } },
    logout,
  );

  app.post(
    '/register',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: { tags: ['auth'], summary: '村民注册', body: RegisterBody, response: replies(RegisterResult) },
    },
    async (request) => {
      await registerVillager(db, request.body);
      return ok({ status: 'pending' as const });
    },
  );

  app.put(
    '/currentUser/password',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['auth'], summary: '修改密码', body: ChangePasswordBody, response: replies() },
    },
    async (request) => {
      await changeOwnPassword(db, config, requireUser(request), request.body, request.ip);
      return okEmpty('密码已修改，请重新登录');
    },
  );
};

export default authRoutes;
