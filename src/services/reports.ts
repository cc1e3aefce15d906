import type { Report, ReportQuery } from '@common/contracts/reports';
import { type DownloadProgress, downloadFile } from '@/utils/download';
import { type CallOptions, get } from './http';

/** GET /api/reports (the township's report for a week or a month, by the caller's data scope) */
export async function queryReport(params: ReportQuery, options?: CallOptions) {
  return get<Report>('/reports', params, options);
}

/** GET /api/reports/docx (the same report as a Word document; a file, not JSON) */
export async function downloadReportDocx(params: ReportQuery, onProgress?: DownloadProgress) {
  return downloadFile('/reports/docx', params, '工作通报.docx', onProgress);
}
