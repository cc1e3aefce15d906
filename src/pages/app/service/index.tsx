import { Link, useSearchParams } from '@umijs/max';
import { InfiniteScroll, PullToRefresh, Tabs } from 'antd-mobile';
import { CameraOutline, EditSOutline, RightOutline } from 'antd-mobile-icons';
import type { PageResult } from '@common/contracts/base';
import { EmptyList, ListSkeleton, LoadFailed, ScrollFooter } from '@/components/AppTask/ListStates';
import MobileLayout from '@/components/MobileLayout';
import { showToast } from '@/components/MobileLayout/toast';
import { usePagedList } from '@/hooks/usePagedList';
import { useSignInGuard } from '@/hooks/useSignInGuard';
import { queryMyAppeals, queryMyPhotoReports } from '@/services/my';
import { AppealRecordCard, ShotRecordCard } from './components/RecordCards';
import { type RecordTab, recordTabFromQuery } from './components/serviceText';
import '@/styles/phone.css';
import './components/service.css';

function ServiceEntries() {
  return (
    <nav className="svc-entries" aria-label="便民服务">
      <Link to="/app/service/appeal" className="svc-entry svc-entry-appeal">
        <span className="svc-entry-icon" aria-hidden>
          <EditSOutline />
        </span>
        <span className="svc-entry-text">
          <span className="svc-entry-title">我要诉求</span>
          <span className="svc-entry-sub">反映困难和问题，限时答复</span>
        </span>
        <RightOutline className="svc-entry-arrow" aria-hidden />
      </Link>
      <Link to="/app/service/shot" className="svc-entry svc-entry-shot">
        <span className="svc-entry-icon" aria-hidden>
          <CameraOutline />
        </span>
        <span className="svc-entry-text">
          <span className="svc-entry-title">随手拍</span>
          <span className="svc-entry-sub">拍下身边的隐患，随时上报</span>
        </span>
        <RightOutline className="svc-entry-arrow" aria-hidden />
      </Link>
    </nav>
  );
}

const EMPTY: Record<RecordTab, { title: string; description: string }> = {
  appeal: { title: '还没有提交过诉求', description: '遇到困难或问题，点击上方的“我要诉求”告诉我们' },
  shot: { title: '还没有随手拍记录', description: '发现环境卫生、安全隐患等问题，点击上方的“随手拍”上报' },
};

/** One tab's list: the caller's own items, newest first, page by page. */
function Records<T extends { id: number }>({
  tab,
  fetchPage,
  render,
}: {
  tab: RecordTab;
  fetchPage: (current: number, pageSize: number) => Promise<PageResult<T>>;
  render: (item: T) => JSX.Element;
}) {
  const records = usePagedList(fetchPage, [tab]);
  const refresh = () =>
    records.refresh().catch((error: Error) => {
      void showToast({ icon: 'fail', content: error.message });
    });
  return (
    <PullToRefresh onRefresh={refresh}>
      <div className="app-task-list svc-records">
        {records.status === 'loading' ? <ListSkeleton /> : null}
        {records.status === 'error' ? <LoadFailed message={records.error} onRetry={records.reload} /> : null}
        {records.status === 'ready' && records.list.length === 0 ? <EmptyList {...EMPTY[tab]} /> : null}
        {records.status === 'ready' && records.list.length > 0 ? (
          <>
            {records.list.map(render)}
            <InfiniteScroll loadMore={records.loadMore} hasMore={records.hasMore}>
              {(hasMore, failed, retry) => <ScrollFooter hasMore={hasMore} failed={failed} retry={retry} />}
            </InfiniteScroll>
          </>
        ) : null}
      </div>
    </PullToRefresh>
  );
}

function MyRecords() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = recordTabFromQuery(searchParams.get('tab'));

  // The tab lives in the URL: coming back from a record (or a refresh) keeps it.
  const onTab = (key: string) => {
    const next = new URLSearchParams(searchParams);
    next.set('tab', key);
    setSearchParams(next, { replace: true });
  };

  return (
    <section aria-labelledby="svc-records-title">
      <h2 id="svc-records-title" className="svc-heading">
        我的记录
      </h2>
      <div className="mytask-tabs svc-tabs">
        <Tabs activeKey={tab} onChange={onTab} stretch>
          <Tabs.Tab key="appeal" title="诉求" />
          <Tabs.Tab key="shot" title="随手拍" />
        </Tabs>
      </div>
      {tab === 'appeal' ? (
        <Records
          key="appeal"
          tab="appeal"
          fetchPage={(current, pageSize) => queryMyAppeals({ current, pageSize }, { skipErrorHandler: true }).then((body) => body.data!)}
          render={(appeal) => <AppealRecordCard key={appeal.id} appeal={appeal} />}
        />
      ) : (
        <Records
          key="shot"
          tab="shot"
          fetchPage={(current, pageSize) =>
            queryMyPhotoReports({ current, pageSize }, { skipErrorHandler: true }).then((body) => body.data!)
          }
          render={(report) => <ShotRecordCard key={report.id} report={report} />}
        />
      )}
    </section>
  );
}

/** /app/service: 便民服务 — raise an appeal or a photo report, and follow one's own records. */
export default function ServicePage() {
  const user = useSignInGuard();
  return (
    <MobileLayout title="便民服务" tabBar>
      {user ? (
        <>
          <ServiceEntries />
          <MyRecords />
        </>
      ) : null}
    </MobileLayout>
  );
}
