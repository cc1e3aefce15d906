import type { PageResult } from '@common/contracts/base';
import type {
  CompletionPeopleQuery,
  CompletionPerson,
  TaskBody,
  TaskCompletion,
  TaskDetail,
  TaskItem,
  TaskListQuery,
  TaskFormOptions,
  TaskFormOptionsQuery,
} from '@common/contracts/tasks';
import { type CallOptions, del, get, post, put } from './http';
import { downloadFile, type DownloadProgress } from '@/utils/download';

export type TaskQuery = Partial<TaskListQuery>;
type CompletionPeopleParams = Partial<CompletionPeopleQuery>;

/** GET /api/tasks */
export async function queryTasks(params: TaskQuery, options?: CallOptions) {
  return get<PageResult<TaskItem>>('/tasks', params, options);
}

/** GET /api/tasks/form-options (the task form's groups and suggested image rule) */
export async function queryTaskFormOptions(params: Partial<TaskFormOptionsQuery>, options?: CallOptions) {
  return get<TaskFormOptions>('/tasks/form-options', params, options);
}

/** GET /api/tasks/:id */
export async function getTask(id: number, options?: CallOptions) {
  return get<TaskDetail>(`/tasks/${id}`, undefined, options);
}

/** POST /api/tasks (created as a draft) */
export async function createTask(body: TaskBody, options?: CallOptions) {
  return post<TaskDetail>('/tasks', body, options);
}

/** PUT /api/tasks/:id (drafts only) */
export async function updateTask(id: number, body: TaskBody, options?: CallOptions) {
  return put<TaskDetail>(`/tasks/${id}`, body, options);
}

/** DELETE /api/tasks/:id (drafts only) */
export async function deleteTask(id: number, options?: CallOptions) {
  return del(`/tasks/${id}`, options);
}

/** POST /api/tasks/:id/publish */
export async function publishTask(id: number, options?: CallOptions) {
  return post<TaskDetail>(`/tasks/${id}/publish`, undefined, options);
}

/** POST /api/tasks/:id/close */
export async function closeTask(id: number, options?: CallOptions) {
  return post<TaskDetail>(`/tasks/${id}/close`, undefined, options);
}

/** POST /api/tasks/:id/copy (a new draft asking the same) */
export async function copyTask(id: number, options?: CallOptions) {
  return post<TaskDetail>(`/tasks/${id}/copy`, undefined, options);
}

/** GET /api/tasks/:id/completion */
export async function getTaskCompletion(id: number, options?: CallOptions) {
  return get<TaskCompletion>(`/tasks/${id}/completion`, undefined, options);
}

/** GET /api/tasks/:id/completion/people */
export async function queryCompletionPeople(id: number, params: CompletionPeopleParams, options?: CallOptions) {
  return get<PageResult<CompletionPerson>>(`/tasks/${id}/completion/people`, params, options);
}

/** GET /api/tasks/export (xlsx with the list's filters; a file, not JSON) */
export async function exportTasks(params: TaskQuery, onProgress?: DownloadProgress) {
  return downloadFile('/tasks/export', params, '任务列表.xlsx', onProgress);
}

/** GET /api/tasks/:id/completion/export (the people of one task under the drawer's filters) */
export async function exportCompletionPeople(id: number, params: CompletionPeopleParams, onProgress?: DownloadProgress) {
  return downloadFile(`/tasks/${id}/completion/export`, params, '完成情况.xlsx', onProgress);
}

/** GET /api/tasks/:id/completion/areas/export (the per-area table with its 合计 line) */
export async function exportCompletionAreas(id: number, onProgress?: DownloadProgress) {
  return downloadFile(`/tasks/${id}/completion/areas/export`, {}, '各区域完成情况.xlsx', onProgress);
}
