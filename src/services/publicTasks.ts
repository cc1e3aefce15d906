import type { PageResult } from '@common/contracts/base';
import type { PublicTaskDetail, PublicTaskItem, PublicTaskQuery } from '@common/contracts/tasks';
import { type CallOptions, get } from './http';

/** GET /api/public/tasks (no sign-in: the published tasks everyone may read) */
export async function queryPublicTasks(params: Partial<PublicTaskQuery>, options?: CallOptions) {
  return get<PageResult<PublicTaskItem>>('/public/tasks', params, options);
}

/** GET /api/public/tasks/:id */
export async function queryPublicTask(id: number, options?: CallOptions) {
  return get<PublicTaskDetail>(`/public/tasks/${id}`, undefined, options);
}
