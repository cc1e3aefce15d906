import type { AdjustBody, LedgerEntry, LedgerPage, LedgerQuery, RankingQuery, RankingRow } from '@common/contracts/scores';
import type { PageResult } from '@common/contracts/base';
import { downloadFile, type DownloadProgress } from '@/utils/download';
import { type CallOptions, get, post } from './http';

export type RankingParams = Partial<RankingQuery>;
export type LedgerParams = Partial<LedgerQuery> & Pick<LedgerQuery, 'userId'>;

/** GET /api/scores/ranking */
export const queryRanking = (params: RankingParams, options?: CallOptions) =>
  get<PageResult<RankingRow>>('/scores/ranking', params, options);

/** GET /api/scores/ledger?userId= */
export const queryLedger = (params: LedgerParams, options?: CallOptions) => get<LedgerPage>('/scores/ledger', params, options);

/** POST /api/scores/adjust (admin only) */
export const adjustScore = (body: AdjustBody, options?: CallOptions) => post<LedgerEntry>('/scores/adjust', body, options);

/** GET /api/scores/export (xlsx with the ranking's filters; a file, not JSON) */
export const exportRanking = (params: Omit<RankingParams, 'current' | 'pageSize'>, onProgress?: DownloadProgress) =>
  downloadFile('/scores/export', params, '积分排行.xlsx', onProgress);
