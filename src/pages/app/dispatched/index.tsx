import { useSearchParams } from '@umijs/max';
import { InfiniteScroll, PullToRefresh, Tabs } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { EmptyList, ListSkeleton, LoadFailed, ScrollFooter } from '@/components/AppTask/ListStates';
import MobileLayout from '@/components/MobileLayout';
import { showToast } from '@/components/MobileLayout/toast';
import { usePagedList } from '@/hooks/usePagedList';
import { useTaskRoleGuard } from '@/hooks/useTaskRoleGuard';
import { queryDispatchedAppeals, queryDispatchedPhotoReports } from '@/services/my';
import DispatchedCard from './components/DispatchedCard';
import DispatchedShotCard from './components/DispatchedShotCard';
import '@/styles/phone.css';
import '../mytask/index.css';
import '../service/components/service.css';
import './index.css';

/** What the village was handed: appeals (ADR 0031) or photo reports (ADR 0064); the kind lives in the URL as ?kind=. */
const KINDS = [
  { key: 'appeal', title: '诉求', what: '转派诉求', done: '答复或不予受理后的诉求会在这里显示' },
  { key: 'shot', title: '随手拍', what: '转派随手拍', done: '回复处置情况后的随手拍会在这里显示，镇里审核后办结' },
] as const;
type Kind = (typeof KINDS)[number]['key'];
const STATES = [
  { key: 'open', title: '待办' },
  { key: 'done', title: '已办' },
] as const;
type DispatchState = (typeof STATES)[number]['key'];

const stateFromQuery = (value: string | null): DispatchState => (value === 'done' ? 'done' : 'open');
const kindFromQuery = (value: string | null): Kind => (value === 'shot' ? 'shot' : 'appeal');

const QUERIES = { appeal: queryDispatchedAppeals, shot: queryDispatchedPhotoReports } as const;
const openCount = (kind: Kind) =>
  QUERIES[kind]({ current: 1, pageSize: 1, state: 'open' }, { skipErrorHandler: true }).then((body) => body.data?.total);

/** 诉求 | 随手拍: two buttons that say which is shown, each with how many wait. */
function KindSwitch({ kind, counts, onChange }: { kind: Kind; counts: Partial<Record<Kind, number>>; onChange: (kind: Kind) => void }) {
  return (
    <div className="dsp-kinds" role="group" aria-label="转派事项类别">
      {KINDS.map((k) => (
        <button
          key={k.key}
          type="button"
          className={`dsp-kind${k.key === kind ? ' dsp-kind-on' : ''}`}
          aria-pressed={k.key === kind}
          onClick={() => onChange(k.key)}
        >
          {k.title}
          {counts[k.key] ? <span className="mytask-tab-count mytask-tab-count-alert">{counts[k.key]}</span> : null}
        </button>
      ))}
    </div>
  );
}

function DispatchedList() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = stateFromQuery(searchParams.get('state'));
  const kind = kindFromQuery(searchParams.get('kind'));
  const what = KINDS.find((k) => k.key === kind)!;
  const [counts, setCounts] = useState<Partial<Record<Kind, number>>>({});
  const records = usePagedList<{ id: number }>(
    (current, pageSize) => QUERIES[kind]({ current, pageSize, state }, { skipErrorHandler: true }).then((body) => body.data!),
    [kind, state],
  );

  // 待办 shows how many are waiting of each kind, whichever tab is open.
  const loadCounts = useCallback(() => {
    for (const k of KINDS) {
      openCount(k.key)
        .then((total) => setCounts((c) => ({ ...c, [k.key]: total })))
        .catch(() => undefined); // the switch simply shows no number
    }
  }, []);
  useEffect(loadCounts, [loadCounts]);

  // The kind and the state live in the URL: a refresh or coming back from a record keeps them.
  const go = (key: 'kind' | 'state', value: string) => {
    const next = new URLSearchParams(searchParams);
    next.set(key, value);
    setSearchParams(next, { replace: true });
  };

  const refresh = () => {
    loadCounts();
    return records.refresh().catch((error: Error) => {
      void showToast({ icon: 'fail', content: error.message });
    });
  };

  const empty =
    state === 'open'
      ? { title: `没有待办的${what.what}`, description: `镇里转派到本村的${what.title}会在这里显示` }
      : { title: `还没有办完的${what.what}`, description: what.done };

  return (
    <>
      <KindSwitch kind={kind} counts={counts} onChange={(k) => go('kind', k)} />
      <div className="mytask-tabs">
        <Tabs activeKey={state} onChange={(key) => go('state', key)} stretch>
          {STATES.map((s) => (
            <Tabs.Tab
              key={s.key}
              title={
                <span className="mytask-tab-title">
                  {s.title}
                  {s.key === 'open' && counts[kind] ? (
                    <span className="mytask-tab-count mytask-tab-count-alert">{counts[kind]}</span>
                  ) : null}
                </span>
              }
            />
          ))}
        </Tabs>
      </div>
      <PullToRefresh onRefresh={refresh}>
        <div className="app-task-list svc-records">
          {records.status === 'loading' ? <ListSkeleton /> : null}
          {records.status === 'error' ? <LoadFailed message={records.error} onRetry={records.reload} /> : null}
          {records.status === 'ready' && records.list.length === 0 ? <EmptyList {...empty} /> : null}
          {records.status === 'ready' && records.list.length > 0 ? (
            <>
              {records.list.map((record) =>
                kind === 'shot' ? (
                  <DispatchedShotCard key={record.id} report={record as Parameters<typeof DispatchedShotCard>[0]['report']} />
                ) : (
                  <DispatchedCard key={record.id} appeal={record as Parameters<typeof DispatchedCard>[0]['appeal']} />
                ),
              )}
              <InfiniteScroll loadMore={records.loadMore} hasMore={records.hasMore}>
                {(hasMore, failed, retry) => <ScrollFooter hasMore={hasMore} failed={failed} retry={retry} />}
              </InfiniteScroll>
            </>
          ) : null}
        </div>
      </PullToRefresh>
    </>
  );
}

/** /app/dispatched: what the town handed to the cadre's village, appeals or photo reports, 待办 (open) or 已办 (done). */
export default function DispatchedListPage() {
  const user = useTaskRoleGuard();
  return (
    <MobileLayout title="转派诉求" tabBar>
      {user ? <DispatchedList /> : null}
    </MobileLayout>
  );
}
