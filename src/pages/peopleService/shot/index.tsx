import type { PhotoReportItem } from '@common/contracts/people';
import { isPhotoReportOpen } from '@common/workflow';
import ListTable from '@/components/ListTable';
import ExportButton from '@/components/ExportButton';
import LoadError from '@/components/LoadError';
import PageContainer from '@/components/PageContainer';
import { useAreaOptions } from '@/hooks/useAreaOptions';
import { ADMIN_TABLE, useFitColumns } from '@/utils/table';
import { batchPhotoReports, exportPhotoReports, getPhotoReport, queryPhotoReportCounts, queryPhotoReports } from '@/services/photoReports';
import { useMediaQuery, WIDE_SCREEN } from '@/hooks/useMediaQuery';
import { useBatchActions } from '../components/useBatchActions';
import { usePeopleList } from '../components/usePeopleList';
import '../components/people.css';
import { SHOT_OPTIONAL_COLUMNS, shotColumns } from './components/columns';
import ShotDrawer from './components/ShotDrawer';
import { SHOT_TABS, SHOT_TAB_LABELS, type ShotTab, shotUrl, tabQuery } from './components/shotUrl';
import { useShotActions } from './components/useShotActions';

const EMPTY_TEXT: Record<ShotTab, string> = {
  all: '还没有群众提交随手拍',
  pending: '没有待处理的随手拍，都处理完了',
  processing: '没有正在村里处置的随手拍',
  reviewing: '没有等待审核的村级处置',
  handled: '还没有已处理的随手拍',
  invalid: '没有标为无效的随手拍',
};

/**
 * 随手拍: photos villagers took of a problem, with status tabs and counts, filters, a detail drawer
 * with every photo, and 处理 / 标为无效 while pending. The URL holds the tab, the filters, the page
 * and the open report (?id=); the notice bell links to ?status=pending.
 */
export default function ShotPage() {
  const areas = useAreaOptions();
  const fixActions = useMediaQuery(WIDE_SCREEN);
  const page = usePeopleList({
    path: '/peopleService/shot',
    codec: shotUrl,
    tabs: SHOT_TABS,
    tabLabels: SHOT_TAB_LABELS,
    tabQuery,
    what: '随手拍',
    emptyTexts: EMPTY_TEXT,
    foldedFilters: ['area', 'from'],
    queryList: (query) => queryPhotoReports(query, { skipErrorHandler: true }),
    queryCounts: (query) => queryPhotoReportCounts(query, { skipErrorHandler: true }),
    getDetail: (id) => getPhotoReport(id, { skipErrorHandler: true }),
  });
  const actions = useShotActions(page.refreshAll);
  const columns = shotColumns({ areas, actions: actions.api, onOpen: (report) => page.openRecord(report.id), fixActions });
  const batch = useBatchActions<PhotoReportItem>({
    what: '随手拍',
    rows: page.tableProps.dataSource,
    selectable: (report) => isPhotoReportOpen(report.status),
    name: (report) => `「${report.excerpt}」`,
    onChanged: page.refreshAll,
    actions: [
      {
        key: 'dispatch',
        label: '批量转派',
        kind: 'dispatch',
        call: (ids, body) => batchPhotoReports('dispatch', { ids, ...body }, { skipErrorHandler: true }),
      },
      {
        key: 'invalid',
        label: '批量标为无效',
        kind: 'reason',
        reasonLabel: '无效原因',
        danger: true,
        call: (ids, body) => batchPhotoReports('invalid', { ids, ...body }, { skipErrorHandler: true }),
      },
    ],
  });
  const fit = useFitColumns('photo-reports', columns, SHOT_OPTIONAL_COLUMNS, batch.columnWidth);

  return (
    <PageContainer title="随手拍" subTitle="群众用手机拍下的身边问题：核实后填写处理结果、转派到村处置并审核，或说明原因标为无效">
      <LoadError message={page.loadError} onRetry={page.refreshAll} />
      <ListTable<PhotoReportItem>
        {...page.tableProps}
        {...batch.tableProps}
        columns={columns}
        {...ADMIN_TABLE}
        {...fit}
        toolBarRender={() => [
          <ExportButton
            key="export"
            download={(onProgress) => exportPhotoReports({ ...page.filterQuery, ...tabQuery(page.state.tab) }, onProgress)}
          />,
        ]}
      />
      <ShotDrawer
        id={page.state.id}
        report={page.detail}
        error={page.detailError}
        onRetry={page.refreshDetail}
        onClose={page.closeRecord}
        actions={actions.api}
        onDispatched={page.refreshAll}
      />
      {actions.modals}
      {batch.modals}
    </PageContainer>
  );
}
