// The phone's task calls (issue 3): public task list, the cadre's own tasks, submissions and points.
// Types come from the shared contracts.
import type { PageResult } from '@common/contracts/base';
import type { MyScore } from '@common/contracts/scores';
import type {
  MyTaskCounts,
  MyTaskDetail,
  MyTaskItem,
  MyTaskQuery,
  PublicTaskDetail,
  PublicTaskItem,
  PublicTaskQuery,
  SubmissionBody,
  SubmissionItem,
} from '@common/contracts/tasks';
import { type CallOptions, get, post } from './http';

/** GET /api/public/tasks */
export const queryPublicTasks = (params: Partial<PublicTaskQuery>, options?: CallOptions) =>
  get<PageResult<PublicTaskItem>>('/public/tasks', params, options);

/** GET /api/public/tasks/:id */
export const queryPublicTask = (id: number, options?: CallOptions) => get<PublicTaskDetail>(`/public/tasks/${id}`, undefined, options);

/** GET /api/my/tasks */
export const queryMyTasks = (params: Partial<MyTaskQuery>, options?: CallOptions) =>
  get<PageResult<MyTaskItem>>('/my/tasks', params, options);

/** GET /api/my/tasks/counts */
export const queryMyTaskCounts = (options?: CallOptions) => get<MyTaskCounts>('/my/tasks/counts', undefined, options);

/** GET /api/my/tasks/:id */
export const queryMyTask = (id: number, options?: CallOptions) => get<MyTaskDetail>(`/my/tasks/${id}`, undefined, options);

/** POST /api/tasks/:id/submissions */
export const submitTask = (taskId: number, body: SubmissionBody, options?: CallOptions) =>
  post<SubmissionItem>(`/tasks/${taskId}/submissions`, body, options);

/** GET /api/my/score */
export const queryMyScore = (options?: CallOptions) => get<MyScore>('/my/score', undefined, options);
