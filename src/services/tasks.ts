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
export type CompletionPeopleParams = Partial<CompletionPeopleQuery>;

/** GET /api/tasks */
export const queryTasks = (params: TaskQuery, options?: CallOptions) => get<PageResult<TaskItem>>('/tasks', params, options);

/** GET /api/tasks/form-options (the task form's groups and suggested image rule) */
export const queryTaskFormOptions = (params: Partial<TaskFormOptionsQuery>, options?: CallOptions) =>
  get<TaskFormOptions>('/tasks/form-options', params, options);

/** GET /api/tasks/:id */
export const getTask = (id: number, options?: CallOptions) => get<TaskDetail>(`/tasks/${id}`, undefined, options);

/** POST /api/tasks (created as a draft) */
export const createTask = (body: TaskBody, options?: CallOptions) => post<TaskDetail>('/tasks', body, options);

/** PUT /api/tasks/:id (drafts only) */
export const updateTask = (id: number, body: TaskBody, options?: CallOptions) => put<TaskDetail>(`/tasks/${id}`, body, options);

/** DELETE /api/tasks/:id (drafts only) */
export const deleteTask = (id: number, options?: CallOptions) => del(`/tasks/${id}`, options);

/** POST /api/tasks/:id/publish */
export const publishTask = (id: number, options?: CallOptions) => post<TaskDetail>(`/tasks/${id}/publish`, undefined, options);

/** POST /api/tasks/:id/close */
export const closeTask = (id: number, options?: CallOptions) => post<TaskDetail>(`/tasks/${id}/close`, undefined, options);

/** GET /api/tasks/:id/completion */
export const getTaskCompletion = (id: number, options?: CallOptions) => get<TaskCompletion>(`/tasks/${id}/completion`, undefined, options);

/** GET /api/tasks/:id/completion/people */
export const queryCompletionPeople = (id: number, params: CompletionPeopleParams, options?: CallOptions) =>
  get<PageResult<CompletionPerson>>(`/tasks/${id}/completion/people`, params, options);

/** GET /api/tasks/export (xlsx with the list's filters; a file, not JSON) */
export const exportTasks = (params: TaskQuery, onProgress?: DownloadProgress) =>
  downloadFile('/tasks/export', params, '任务列表.xlsx', onProgress);

/** GET /api/tasks/:id/completion/export (the people of one task under the drawer's filters) */
export const exportCompletionPeople = (id: number, params: CompletionPeopleParams, onProgress?: DownloadProgress) =>
  downloadFile(`/tasks/${id}/completion/export`, params, '完成情况.xlsx', onProgress);
