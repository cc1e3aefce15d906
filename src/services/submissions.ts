import type { PageResult } from '@common/contracts/base';
import type {
  AuditBody,
  BatchAuditBody,
  BatchAuditResult,
  SubmissionBody,
  SubmissionItem,
  SubmissionListQuery,
} from '@common/contracts/tasks';
import { type CallOptions, get, post } from './http';
import { downloadFile, type DownloadProgress } from '@/utils/download';

export type SubmissionQuery = Partial<SubmissionListQuery>;

/** POST /api/tasks/:id/submissions (a cadre's report on a task assigned to them) */
export async function submitTask(taskId: number, body: SubmissionBody, options?: CallOptions) {
  return post<SubmissionItem>(`/tasks/${taskId}/submissions`, body, options);
}

/** GET /api/submissions */
export async function querySubmissions(params: SubmissionQuery, options?: CallOptions) {
  return get<PageResult<SubmissionItem>>('/submissions', params, options);
}

/** GET /api/submissions/:id */
export async function getSubmission(id: number, options?: CallOptions) {
  return get<SubmissionItem>(`/submissions/${id}`, undefined, options);
}

/** POST /api/submissions/:id/audit */
export async function auditSubmission(id: number, body: AuditBody, options?: CallOptions) {
  return post<SubmissionItem>(`/submissions/${id}/audit`, body, options);
}

/** POST /api/submissions/audit (batch approve) */
export async function batchApproveSubmissions(body: BatchAuditBody, options?: CallOptions) {
  return post<BatchAuditResult>('/submissions/audit', body, options);
}

/** GET /api/submissions/export (xlsx with the queue's filters; a file, not JSON) */
export async function exportSubmissions(params: SubmissionQuery, onProgress?: DownloadProgress) {
  return downloadFile('/submissions/export', params, '任务提交记录.xlsx', onProgress);
}
