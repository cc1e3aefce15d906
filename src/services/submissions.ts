import type { PageResult } from '@common/contracts/base';
import type { AuditBody, BatchAuditBody, BatchAuditResult, SubmissionItem, SubmissionListQuery } from '@common/contracts/tasks';
import { type CallOptions, get, post } from './http';
import { downloadFile, type DownloadProgress } from '@/utils/download';

export type SubmissionQuery = Partial<SubmissionListQuery>;

/** GET /api/submissions */
export const querySubmissions = (params: SubmissionQuery, options?: CallOptions) =>
  get<PageResult<SubmissionItem>>('/submissions', params, options);

/** GET /api/submissions/:id */
export const getSubmission = (id: number, options?: CallOptions) => get<SubmissionItem>(`/submissions/${id}`, undefined, options);

/** POST /api/submissions/:id/audit */
export const auditSubmission = (id: number, body: AuditBody, options?: CallOptions) =>
  post<SubmissionItem>(`/submissions/${id}/audit`, body, options);

/** POST /api/submissions/audit (batch approve) */
export const batchApproveSubmissions = (body: BatchAuditBody, options?: CallOptions) =>
  post<BatchAuditResult>('/submissions/audit', body, options);

/** GET /api/submissions/export (xlsx with the queue's filters; a file, not JSON) */
export const exportSubmissions = (params: SubmissionQuery, onProgress?: DownloadProgress) =>
  downloadFile('/submissions/export', params, '任务提交记录.xlsx', onProgress);
