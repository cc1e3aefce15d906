import type { PageResult } from '@common/contracts/base';
import type { LoginLogFilters, LoginLogItem, OperationLogFilters, OperationLogItem } from '@common/contracts/system';
import { downloadFile, type DownloadProgress } from '@/utils/download';
import { type CallOptions, get } from './http';

type Paging = { current?: number; pageSize?: number; sortOrder?: 'ascend' | 'descend' };

/** GET /api/operation-logs */
export async function queryOperationLogs(params: OperationLogFilters & Paging, options?: CallOptions) {
  return get<PageResult<OperationLogItem>>('/operation-logs', params, options);
}

/** GET /api/operation-logs/export */
export async function exportOperationLogs(params: OperationLogFilters & Pick<Paging, 'sortOrder'>, onProgress?: DownloadProgress) {
  return downloadFile('/operation-logs/export', params, '操作日志.xlsx', onProgress);
}

/** GET /api/login-logs */
export async function queryLoginLogs(params: LoginLogFilters & Paging, options?: CallOptions) {
  return get<PageResult<LoginLogItem>>('/login-logs', params, options);
}

/** GET /api/login-logs/export */
export async function exportLoginLogs(params: LoginLogFilters & Pick<Paging, 'sortOrder'>, onProgress?: DownloadProgress) {
  return downloadFile('/login-logs/export', params, '登录日志.xlsx', onProgress);
}
