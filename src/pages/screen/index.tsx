/**
 * /screen: the hall's wall display. A dark 1920×1080 board scaled to any screen, refreshing by itself
 * (ADR 0010: polling every SCREEN_REFRESH_SECONDS). Opened with a display key (`/screen?key=…`) or by
 * a signed-in holder of `screen`; anything else gets a full-screen explanation, never the login
 * redirect. Built to run for days: one timer for the figures, one for the clock, charts drawn once
 * and updated in place, lists that roll by CSS without adding rows.
 *
 * `?interval=N` (1–30 s) changes how often it asks; with `soak=1` (the memory soak test) down to 0.02 s.
 */
import { useModel, useSearchParams } from '@umijs/max';
import { Component, lazy, type ReactNode, Suspense, useMemo } from 'react';
import { APPEAL_STATUS_LABELS, type AppealStatus, PLATFORM_TITLE, STATS_DAYS } from '@common/constants';
import type { LatestAppeal, LatestApproval, StatsOverview } from '@common/contracts/stats';
import AppealStatusBars from './components/AppealStatusBars';
import Counters from './components/Counters';
import DeniedNotice from './components/DeniedNotice';
import Panel from './components/Panel';
import PointsRanking from './components/PointsRanking';
import RollingList from './components/RollingList';
import ScreenStage from './components/ScreenStage';
import TitleBar from './components/TitleBar';
import { countersOf, refreshIntervalMs, shortTime, townshipClock } from './figures';
import { useScreenFigures } from './useScreenFigures';
import './index.css';

// echarts is big: the charts come in one chunk of their own, after the board and its figures.
const charts = () => import('./components/charts');
const AreaCompletionChart = lazy(() => charts().then((m) => ({ default: m.AreaCompletionChart })));
const CategoryChart = lazy(() => charts().then((m) => ({ default: m.CategoryChart })));
const AppealTrendChart = lazy(() => charts().then((m) => ({ default: m.AppealTrendChart })));
const SatisfactionGauge = lazy(() => charts().then((m) => ({ default: m.SatisfactionGauge })));

/** How many rows each rolling list shows at once. */
const VISIBLE_ROWS = 5;

/** A chart chunk that fails to load leaves the rest of the board running. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <p className="screen-empty">图表加载失败，刷新页面后重试</p> : this.props.children;
  }
}

function Chart({ children }: { children: ReactNode }) {
  return (
    <ChartBoundary>
      <Suspense fallback={<p className="screen-empty">图表加载中…</p>}>{children}</Suspense>
    </ChartBoundary>
  );
}

function AppealRow(appeal: LatestAppeal) {
  const label = APPEAL_STATUS_LABELS[appeal.status as AppealStatus] ?? appeal.status;
  return (
    <>
      <span className="screen-row-main">
        <span className="screen-row-title">{appeal.title}</span>
        {appeal.overdue ? (
          <span className="screen-tag screen-tag-overdue">已超期</span>
        ) : (
          <span className={`screen-tag screen-tag-${appeal.status}`}>{label}</span>
        )}
      </span>
      <span className="screen-row-meta">
        <span>{appeal.areaName}</span>
        <time>{shortTime(appeal.createdAt)}</time>
      </span>
    </>
  );
}

function ApprovalRow(approval: LatestApproval) {
  return (
    <>
      <span className="screen-row-main">
        <span className="screen-row-title">{approval.taskTitle}</span>
        {approval.points ? <span className="screen-row-points">+{approval.points} 分</span> : null}
      </span>
      <span className="screen-row-meta">
        <span>
          {approval.userName} · {approval.areaName}
        </span>
        <time>{shortTime(approval.reviewedAt)}</time>
      </span>
    </>
  );
}

function Board({ stats }: { stats: StatsOverview }) {
  const counters = countersOf(stats);
  const completed = stats.completionByArea.reduce((sum, a) => sum + a.completed, 0);
  const targets = stats.completionByArea.reduce((sum, a) => sum + a.targets, 0);
  return (
    <>
      <Counters counters={counters} />
      <div className="screen-grid">
        <div className="screen-column">
          <Panel
            title="各村（社区）任务完成率"
            extra={targets ? `全镇 ${completed}/${targets} · ${Math.round((completed / targets) * 100)}%` : undefined}
          >
            <Chart>
              <AreaCompletionChart areas={stats.completionByArea} />
            </Chart>
          </Panel>
          <Panel title="任务类别分布">
            <Chart>
              <CategoryChart categories={stats.completionByCategory} />
            </Chart>
          </Panel>
        </div>
        <div className="screen-column">
          <Panel title={`近${STATS_DAYS}天群众诉求与随手拍`} extra="单位：件">
            <Chart>
              <AppealTrendChart days={stats.perDay} />
            </Chart>
          </Panel>
          <div className="screen-pair">
            <Panel title="最新群众诉求">
              <RollingList
                label="最新群众诉求"
                items={stats.latestAppeals}
                rowKey={(a) => a.id}
                renderRow={AppealRow}
                visibleRows={VISIBLE_ROWS}
                empty="暂无诉求"
              />
            </Panel>
            <Panel title="最新审核通过">
              <RollingList
                label="最新审核通过"
                items={stats.latestApprovals}
                rowKey={(a) => a.id}
                renderRow={ApprovalRow}
                visibleRows={VISIBLE_ROWS}
                empty="暂无审核通过的任务"
              />
            </Panel>
          </div>
        </div>
        <div className="screen-column">
          <Panel title="积分排行前十" extra="任务积分">
            <PointsRanking ranking={stats.pointsTop} />
          </Panel>
          <Panel title="群众满意度与办理情况">
            <div className="screen-satisfaction">
              <div className="screen-gauge">
                <Chart>
                  <SatisfactionGauge satisfaction={stats.appeals.satisfaction} rated={stats.appeals.rated} />
                </Chart>
              </div>
              <AppealStatusBars stats={stats} />
            </div>
          </Panel>
        </div>
      </div>
    </>
  );
}

export default function ScreenPage() {
  const { initialState } = useModel('@@initialState');
  const [searchParams] = useSearchParams();
  const key = searchParams.get('key') || undefined;
  const query = searchParams.toString();
  const intervalMs = useMemo(() => refreshIntervalMs(new URLSearchParams(query)), [query]);
  const figures = useScreenFigures(key, intervalMs);

  if (figures.phase === 'denied') return <DeniedNotice denial={figures.denial} message={figures.message} />;

  const title = initialState?.settings?.platformTitle || PLATFORM_TITLE;
  const stats = figures.phase === 'ready' ? figures.stats : undefined;
  return (
    <ScreenStage>
      <div className="screen-board">
        <TitleBar title={title} offline={figures.offline} updatedAt={stats ? townshipClock(new Date(stats.generatedAt)).time : undefined} />
        {stats ? (
          <Board stats={stats} />
        ) : (
          <div className="screen-loading" role="status">
            <span className="screen-loading-ring" aria-hidden="true" />
            {figures.offline ? '暂时连不上服务器，正在重试…' : '正在加载数据…'}
          </div>
        )}
      </div>
    </ScreenStage>
  );
}
