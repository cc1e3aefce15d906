import SharedExportButton from '@/components/ExportButton';
import { type RankingParams, exportRanking } from '@/services/scores';

/** 导出Excel with the ranking's current filters. */
export default function ExportButton({ filters }: { filters: () => Omit<RankingParams, 'current' | 'pageSize'> }) {
  return <SharedExportButton download={(onProgress) => exportRanking(filters(), onProgress)} />;
}
