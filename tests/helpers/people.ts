import type { AppealDetail, PhotoReportDetail } from '../../common/contracts/people';
import type { TestContext } from './app';
import { createAccount, expectOk, newClientKey } from './tasks';

// Shared steps of the people-service tests: appeals, photo reports, opinions and notices.

export const appealBody = (overrides: Record<string, unknown> = {}) => ({
  title: '路灯坏了',
  content: '村口的路灯坏了好几天，晚上看不清路。',
  category: 1,
  area: 2,
  phone: '13900000202',
  imageIds: [],
  clientKey: newClientKey(),
  ...overrides,
});

export const photoReportBody = (imageIds: number[], overrides: Record<string, unknown> = {}) => ({
  description: '路边有一堆建筑垃圾',
  type: 1,
  area: 2,
  imageIds,
  location: '第一村村委会旁',
  lat: null,
  lng: null,
  clientKey: newClientKey(),
  ...overrides,
});

export async function createAppeal(t: TestContext, token: string, overrides: Record<string, unknown> = {}): Promise<AppealDetail> {
  const created = expectOk(await t.call(token, { method: 'POST', url: '/api/appeals', payload: appealBody(overrides) }));
  return expectOk(await t.call(token, { method: 'GET', url: `/api/appeals/${created.id}` }));
}

export async function createPhotoReport(
  t: TestContext,
  token: string,
  imageIds: number[],
  overrides: Record<string, unknown> = {},
): Promise<PhotoReportDetail> {
  const created = expectOk(
    await t.call(token, { method: 'POST', url: '/api/photo-reports', payload: photoReportBody(imageIds, overrides) }),
  );
  return expectOk(await t.call(token, { method: 'GET', url: `/api/photo-reports/${created.id}` }));
}

/** An appeal step as a handler: accept, reply, close or reject. */
export const appealStep = (t: TestContext, token: string, id: number, step: string, payload?: Record<string, unknown>) =>
  t.call(token, { method: 'POST', url: `/api/appeals/${id}/${step}`, ...(payload ? { payload } : {}) });

/** A handler role with peopleService and the given scope, and a user holding it in `area`. */
export async function peopleHandler(
  t: TestContext,
  admin: string,
  opts: { code: string; dataScope: 'all' | 'area' | 'self'; area: number | null },
) {
  const role = expectOk(
    await t.call(admin, {
      method: 'POST',
      url: '/api/roles',
      payload: { name: `诉求办理-${opts.code}`, code: opts.code, permissions: ['peopleService'], dataScope: opts.dataScope },
    }),
  );
  return createAccount(t, admin, { account: `${opts.code}_user`, roleId: role.id, area: opts.area });
}

/** An appeal of `villager` that `handler` accepted and replied to (as a handler would answer it). */
export async function answeredAppeal(
  t: TestContext,
  villager: string,
  handler: string,
  overrides: Record<string, unknown> = {},
): Promise<AppealDetail> {
  const appeal = await createAppeal(t, villager, overrides);
  expectOk(await appealStep(t, handler, appeal.id, 'accept'));
  return expectOk(await appealStep(t, handler, appeal.id, 'reply', { reply: '已安排人员处理，问题已解决。' }));
}
