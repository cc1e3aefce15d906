import type { AdjustBody, LedgerEntry, LedgerPage, LedgerQuery, RankingQuery, RankingRow } from '@common/contracts/scores';
import type { PageResult } from '@common/contracts/base';
import { downloadFile, type DownloadProgress } from '@/utils/download';
import { type CallOptions, get, post } from './http';

export type RankingParams = Partial<RankingQuery>;
type LedgerParams = Partial<LedgerQuery> & Pick<LedgerQuery, 'userId'>;

/** GET /api/scores/ranking */
export async function queryRanking(params: RankingParams, options?: CallOptions) {
  return get<PageResult<RankingRow>>('/scores/ranking', params, options);
}

/** GET /api/scores/ledger?userId= */
export async function queryLedger(params: LedgerParams, options?: CallOptions) {
  return get<LedgerPage>('/scores/ledger', params, options);
}

/** POST /api/scores/adjust (admin only) */
export async function adjustScore(body: AdjustBody, options?: CallOptions) {
  return post<LedgerEntry>('/scores/adjust', body, options);
}

/** GET /api/scores/export (xlsx with the ranking's filters; a file, not JSON) */
export async function exportRanking(params: Omit<RankingParams, 'current' | 'pageSize'>, onProgress?: DownloadProgress) {
  return downloadFile('/scores/export', params, '积分排行.xlsx', onProgress);
}
