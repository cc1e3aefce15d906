import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { AppealItem } from '@common/contracts/people';
import { isAppealOpen } from '@common/workflow';
import ListTable from '@/components/ListTable';
import ExportButton from '@/components/ExportButton';
import LoadError from '@/components/LoadError';
import PageContainer from '@/components/PageContainer';
import { useAreaOptions } from '@/hooks/useAreaOptions';
import { batchAppeals, exportAppeals, getAppeal, queryAppealCounts, queryAppeals } from '@/services/appeals';
import { ADMIN_TABLE, useFitColumns } from '@/utils/table';
import { dueState } from '@/utils/timeText';
import { useMediaQuery, WIDE_SCREEN } from '@/hooks/useMediaQuery';
import { useBatchActions } from '../components/useBatchActions';
import { usePeopleList } from '../components/usePeopleList';
import '../components/people.css';
import AppealDrawer from './components/AppealDrawer';
import { APPEAL_TABS, APPEAL_TAB_LABELS, type AppealTab, appealUrl, tabQuery } from './components/appealUrl';
import { APPEAL_OPTIONAL_COLUMNS, appealColumns } from './components/columns';
import { useAppealActions } from './components/useAppealActions';

// The form is loaded when first opened, as the other admin dialogs are (ADR 0037).
const RegisterAppealModal = lazy(() => import('./components/RegisterAppealModal'));

const EMPTY_TEXT: Record<AppealTab, string> = {
  all: '还没有群众诉求',
  pending: '没有待受理的诉求',
  processing: '没有处理中的诉求',
  replied: '没有等待办结的诉求',
  closed: '还没有已办结的诉求',
  rejected: '没有不予受理的诉求',
  overdue: '没有超期的诉求，办理都很及时',
  callback: '没有待回访的诉求：答复后群众未评价满规定工作日的诉求会列在这里',
};

/**
 * 群众诉求: status tabs with counts, filters, overdue rows in red, a detail drawer and the actions
 * of each state. The URL holds the tab, the filters, the page and the open appeal (?id=).
 */
export default function AppealPage() {
  const areas = useAreaOptions();
  const fixActions = useMediaQuery(WIDE_SCREEN);
  const page = usePeopleList({
    path: '/peopleService/appeal',
    codec: appealUrl,
    tabs: APPEAL_TABS,
    tabLabels: APPEAL_TAB_LABELS,
    tabQuery,
    alertTabs: ['overdue'],
    what: '诉求',
    emptyTexts: EMPTY_TEXT,
    foldedFilters: ['area', 'from', 'rated', 'category', 'source'],
    queryList: (query) => queryAppeals(query, { skipErrorHandler: true }),
    queryCounts: (query) => queryAppealCounts(query, { skipErrorHandler: true }),
    getDetail: (id) => getAppeal(id, { skipErrorHandler: true }),
  });
  const actions = useAppealActions(page.refreshAll);
  const { state } = page;
  const columns = appealColumns({ areas, actions: actions.api, onOpen: (appeal) => page.openRecord(appeal.id), fixActions });
  const batch = useBatchActions<AppealItem>({
    what: '诉求',
    rows: page.tableProps.dataSource,
    selectable: (appeal) => isAppealOpen(appeal.status),
    name: (appeal) => `「${appeal.title}」`,
    onChanged: page.refreshAll,
    actions: [
      {
        key: 'accept',
        label: '批量受理',
        kind: 'confirm',
        fits: (appeal) => appeal.status === 'pending',
        misfit: '只能受理待受理的诉求',
        call: (ids) => batchAppeals('accept', { ids }, { skipErrorHandler: true }),
      },
      {
        key: 'dispatch',
        label: '批量转派',
        kind: 'dispatch',
        call: (ids, body) => batchAppeals('dispatch', { ids, ...body }, { skipErrorHandler: true }),
      },
      {
        key: 'reject',
        label: '批量不予受理',
        kind: 'reason',
        reasonLabel: '不予受理原因',
        danger: true,
        call: (ids, body) => batchAppeals('reject', { ids, ...body }, { skipErrorHandler: true }),
      },
    ],
  });
  const fit = useFitColumns('appeals', columns, APPEAL_OPTIONAL_COLUMNS, batch.columnWidth);
  const [registering, setRegistering] = useState(false);
  const [registerShown, setRegisterShown] = useState(false);

  return (
    <PageContainer title="群众诉求" subTitle="群众在手机上提交或到窗口、电话登记的诉求：受理、答复、办结、回访，超期未答复的标红提醒">
      <LoadError message={page.loadError} onRetry={page.refreshAll} />
      <ListTable<AppealItem>
        {...page.tableProps}
        {...batch.tableProps}
        columns={columns}
        {...ADMIN_TABLE}
        {...fit}
        rowClassName={(appeal) =>
          dueState({ dueAt: appeal.dueAt, overdue: appeal.overdue, open: isAppealOpen(appeal.status) }).kind === 'overdue'
            ? 'people-row-overdue'
            : ''
        }
        toolBarRender={() => [
          <Button
            key="register"
            type="primary"
            onClick={() => {
              setRegisterShown(true);
              setRegistering(true);
            }}
          >
            登记诉求
          </Button>,
          <ExportButton
            key="export"
            download={(onProgress) => exportAppeals({ ...page.filterQuery, ...tabQuery(state.tab) }, onProgress)}
          />,
        ]}
      />
      <AppealDrawer
        id={state.id}
        appeal={page.detail}
        error={page.detailError}
        onRetry={page.refreshDetail}
        onClose={page.closeRecord}
        actions={actions.api}
        onDispatched={page.refreshAll}
      />
      {actions.modals}
      {batch.modals}
      {registerShown ? (
        <Suspense fallback={null}>
          <RegisterAppealModal
            open={registering}
            onClose={() => setRegistering(false)}
            onRegistered={(id) => {
              setRegistering(false);
              page.refreshAll();
              page.openRecord(id);
            }}
          />
        </Suspense>
      ) : null}
    </PageContainer>
  );
}
