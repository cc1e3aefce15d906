import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { SubmissionItem, TaskDetail } from '../../common/contracts/tasks';
import { tasks } from '../../server/db/schema';
import type { TestContext } from './app';
import { firstSignIn } from './firstSignIn';
import { imageUpload, redImage } from './multipart';

// Shared steps of the task, submission and points tests.

const DAY = 86400_000;
export const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
export const newClientKey = () => `k${randomBytes(8).toString('hex')}`;

export const taskBody = (overrides: Record<string, unknown> = {}) => ({
  title: '测试任务',
  category: 14,
  content: '<p>请按要求完成并上报。</p>',
  template: '1;2',
  imageNum: 2,
  points: 5,
  areas: [2],
  groupIds: [],
  deadline: inDays(7),
  ...overrides,
});

export function expectOk(res: LightMyRequestResponse) {
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data;
}

/** A 4xx answer with its body code, message, and the one field it names (if any). */
export function expectError(res: LightMyRequestResponse, status: number, message?: string | RegExp, field?: string) {
  assert.equal(res.statusCode, status, res.body);
  const body = res.json();
  assert.equal(body.code, status);
  if (typeof message === 'string') assert.equal(body.message, message);
  else if (message) assert.match(body.message, message);
  if (field)
    assert.deepEqual(
      body.errors?.map((e: { field: string }) => e.field),
      [field],
      res.body,
    );
  return body;
}

export async function createTask(t: TestContext, token: string, overrides: Record<string, unknown> = {}): Promise<TaskDetail> {
  return expectOk(await t.call(token, { method: 'POST', url: '/api/tasks', payload: taskBody(overrides) }));
}

export async function publishedTask(t: TestContext, token: string, overrides: Record<string, unknown> = {}): Promise<TaskDetail> {
  const draft = await createTask(t, token, overrides);
  return expectOk(await t.call(token, { method: 'POST', url: `/api/tasks/${draft.id}/publish` }));
}

/** Moves a task's deadline, e.g. into the past to test late submissions (the API refuses that). */
export async function setDeadline(t: TestContext, taskId: number, deadline: string) {
  await t.database.db
    .update(tasks)
    .set({ deadline: new Date(deadline) })
    .where(eq(tasks.id, taskId));
}

let image: Buffer | undefined;
export async function uploadImages(t: TestContext, token: string, count: number): Promise<number[]> {
  image ??= await redImage('png');
  const ids: number[] = [];
  for (let i = 0; i < count; i++)
    ids.push(expectOk(await t.call(token, { method: 'POST', url: '/api/uploads', ...imageUpload(image) })).id);
  return ids;
}

export const submit = (t: TestContext, token: string, taskId: number, body: Record<string, unknown>) =>
  t.call(token, { method: 'POST', url: `/api/tasks/${taskId}/submissions`, payload: { clientKey: newClientKey(), ...body } });

export async function submitOk(t: TestContext, token: string, taskId: number, body: Record<string, unknown>): Promise<SubmissionItem> {
  return expectOk(await submit(t, token, taskId, body));
}

export const audit = (t: TestContext, token: string, id: number, result: 'approved' | 'rejected', comment?: string) =>
  t.call(token, {
    method: 'POST',
    url: `/api/submissions/${id}/audit`,
    payload: { result, ...(comment !== undefined ? { comment } : {}) },
  });

/** Ids of the demo's users, groups and roles by account, name and code. */
export async function lookups(t: TestContext, admin: string) {
  const users = expectOk(await t.call(admin, { method: 'GET', url: '/api/users?pageSize=100' })).list as Array<{
    id: number;
    account: string;
  }>;
  const groups = expectOk(await t.call(admin, { method: 'GET', url: '/api/groups?pageSize=100' })).list as Array<{
    id: number;
    name: string;
  }>;
  const roles = expectOk(await t.call(admin, { method: 'GET', url: '/api/roles?pageSize=100' })).list as Array<{
    id: number;
    code: string;
  }>;
  return {
    userIds: Object.fromEntries(users.map((u) => [u.account, u.id])) as Record<string, number>,
    groupIds: Object.fromEntries(groups.map((g) => [g.name, g.id])) as Record<string, number>,
    roleIds: Object.fromEntries(roles.map((r) => [r.code, r.id])) as Record<string, number>,
  };
}

/** What createAccount's manager sets; the person changes it at once. */
const GIVEN_PASSWORD = 'Given24680';
let phoneSeq = 0;
/**
 * A new active user and their token: the manager gives a first password, the person replaces it
 * with Secret123 at their first sign-in, as they must (tests/helpers/firstSignIn.ts).
 */
export async function createAccount(
  t: TestContext,
  admin: string,
  user: { account: string; roleId: number; area: number | null; groupIds?: number[] },
) {
  phoneSeq += 1;
  const created = expectOk(
    await t.call(admin, {
      method: 'POST',
      url: '/api/users',
      payload: {
        name: `测试${user.account}`,
        phone: `137${String(phoneSeq).padStart(8, '0')}`,
        password: GIVEN_PASSWORD,
        groupIds: [],
        ...user,
      },
    }),
  );
  return { id: created.id as number, token: await firstSignIn(t, user.account, GIVEN_PASSWORD, 'Secret123') };
}
