import { ReloadOutlined } from '@ant-design/icons';
import { history, Link, useAccess } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Card, Empty, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { APPEAL_STATUS_LABELS, type AppealStatus } from '@common/constants';
import type { StatsOverview } from '@common/contracts/stats';
import LoadError from '@/components/LoadError';
import PageContainer from '@/components/PageContainer';
import SetupReminder from '@/components/SetupReminder';
import { pageErrorMessage } from '@/hooks/usePagedList';
import { queryOverview } from '@/services/stats';
import { apiErrorBody } from '@/utils/apiError';
import { handleUnauthorized } from '@/utils/requestConfig';
import { relativeTime } from '@/utils/timeText';
import { DRILL_ACCESS, type DrillTarget, drillDown } from './components/drillDown';
import './index.css';

// echarts is big: the charts arrive in their own chunk once the figures are there.
const DashboardCharts = lazy(() => import('./components/DashboardCharts'));

/** A chart chunk that fails to load leaves the figures readable. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <Empty description="图表加载失败，请刷新页面重试" /> : this.props.children;
  }
}

/** A drill-down's path, or undefined when the user may not open that list. */
type LinkTo = <T extends DrillTarget>(target: T, ...args: Parameters<(typeof drillDown)[T]>) => string | undefined;

interface Figure {
  key: string;
  title: string;
  value: ReactNode;
  note?: string;
  tone?: 'alert' | 'warn' | 'good';
  href?: string;
}

/** 11月1日至30日发布 (the server's month on the township's clock). */
const monthText = ({ from, to }: { from: string; to: string }) =>
  `${Number(from.slice(5, 7))}月${Number(from.slice(8))}日至${Number(to.slice(8))}日发布`;

function figures(stats: StatsOverview, link: LinkTo): Figure[] {
  const { tasks, submissions, appeals, photoReports } = stats;
  return [
    {
      key: 'tasks',
      title: '进行中任务',
      value: tasks.published,
      note: `其中已过截止 ${tasks.overdue} · 已关闭 ${tasks.closed}`,
      href: link('activeTasks'),
    },
    {
      key: 'review',
      title: '待审核提交',
      value: submissions.pending,
      note: `已通过 ${submissions.approved} · 已驳回 ${submissions.rejected}`,
      tone: submissions.pending ? 'warn' : undefined,
      href: link('pendingSubmissions'),
    },
    {
      key: 'appeals',
      title: '待受理诉求',
      value: appeals.byStatus.pending,
      note: `诉求共 ${appeals.total} 件 · 处理中 ${appeals.byStatus.processing}${sourceNote(appeals.bySource)}`,
      tone: appeals.byStatus.pending ? 'warn' : undefined,
      href: link('pendingAppeals'),
    },
    {
      key: 'overdue',
      title: '超期诉求',
      value: appeals.overdue,
      note: appeals.overdue ? '超过办理时限仍未答复' : '全部在办理时限内',
      tone: appeals.overdue ? 'alert' : 'good',
      href: link('overdueAppeals'),
    },
    {
      key: 'shots',
      title: '随手拍待处理',
      // A report a village is working on or the centre is reviewing still waits (ADR 0064).
      value: photoReports.byStatus.pending + photoReports.byStatus.processing + photoReports.byStatus.reviewing,
      note: `随手拍共 ${photoReports.total} 条 · 已处理 ${photoReports.byStatus.handled}`,
      href: link('pendingPhotoReports'),
    },
    {
      key: 'satisfaction',
      title: '群众满意度',
      value: appeals.satisfaction === null ? '—' : `${appeals.satisfaction.toFixed(1)} 分`,
      note: appeals.rated
        ? `${appeals.rated} 人评价${appeals.ratedByCallback ? `（回访 ${appeals.ratedByCallback}）` : ''}，满分 5 分`
        : '还没有群众评价',
      href: appeals.rated ? link('ratedAppeals') : undefined,
    },
    {
      key: 'news',
      title: '本月发布新闻',
      value: stats.news.publishedThisMonth,
      note: monthText(stats.news.month),
      href: link('newsThisMonth', stats.news.month),
    },
    {
      key: 'users',
      title: '用户',
      value: stats.users.total,
      note: stats.users.byRole.map((r) => `${r.name} ${r.count}`).join(' · '),
      href: link('users'),
    },
  ];
}

/** · 网上 6 · 窗口 2 …: where the appeals came from, the sources with any. */
function sourceNote(bySource: StatsOverview['appeals']['bySource']): string {
  return bySource
    .filter((s) => s.count)
    .map((s) => ` · ${s.label} ${s.count}`)
    .join('');
}

function FigureCard({ figure }: { figure: Figure }) {
  const body = (
    <>
      <div className="dashboard-figure-title">{figure.title}</div>
      <div className={`dashboard-figure-value${figure.tone ? ` dashboard-figure-${figure.tone}` : ''}`}>{figure.value}</div>
      <div className="dashboard-figure-note" title={figure.note}>
        {figure.note}
      </div>
    </>
  );
  return figure.href ? (
    // Named by what it shows (speech users say what they see), plus where it leads.
    <Link to={figure.href} className="dashboard-figure dashboard-figure-link">
      {body}
      <span className="glp-visually-hidden">，查看详情</span>
    </Link>
  ) : (
    <div className="dashboard-figure">{body}</div>
  );
}

function LatestLists({ stats, link }: { stats: StatsOverview; link: LinkTo }) {
  const now = Date.now();
  return (
    <div className="dashboard-lists">
      <Card title="最新群众诉求" size="small" className="dashboard-card">
        {stats.latestAppeals.length ? (
          <ul className="dashboard-list">
            {stats.latestAppeals.map((a) => {
              const href = link('appeal', a.id);
              const title = <span className="dashboard-list-title">{a.title}</span>;
              return (
                <li key={a.id}>
                  {href ? <Link to={href}>{title}</Link> : title}
                  <span className="dashboard-list-meta">
                    {a.overdue ? <Tag color="red">超期</Tag> : null}
                    <Tag>{APPEAL_STATUS_LABELS[a.status as AppealStatus] ?? a.status}</Tag>
                    {a.areaName} · {relativeTime(a.createdAt, now)}
                  </span>
                </li>
              );
            })}
          </ul>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有群众诉求" />
        )}
      </Card>
      <Card title="最新审核通过" size="small" className="dashboard-card">
        {stats.latestApprovals.length ? (
          <ul className="dashboard-list">
            {stats.latestApprovals.map((s) => {
              const href = link('submission', s.taskId);
              const title = <span className="dashboard-list-title">{s.taskTitle}</span>;
              return (
                <li key={s.id}>
                  {href ? <Link to={href}>{title}</Link> : title}
                  <span className="dashboard-list-meta">
                    {s.userName} · {s.areaName}
                    {s.points ? <Typography.Text type="warning"> +{s.points}分</Typography.Text> : null} · {relativeTime(s.reviewedAt, now)}
                  </span>
                </li>
              );
            })}
          </ul>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有审核通过的任务提交" />
        )}
      </Card>
    </div>
  );
}

/** /dashboard: the township's work at a glance (the caller's data scope); every figure opens its list. */
export default function DashboardPage() {
  const access = useAccess() as Record<string, boolean>;
  const overview = useRequest(async () => (await queryOverview({ skipErrorHandler: true })).data, {
    // Someone may leave it open on a desk: refresh now and then while the tab is visible.
    pollingInterval: 60_000,
    pollingWhenHidden: false,
    refreshOnWindowFocus: true,
    // A refresh over figures already shown must not keep them on show after the session ended:
    // an expired session signs out here as on every other call (docs/product.md §14).
    onError: (error) => {
      if (apiErrorBody(error)?.code === 401) handleUnauthorized();
    },
  });
  const stats = overview.data;

  const link: LinkTo = (target, ...args) =>
    access[DRILL_ACCESS[target]] ? (drillDown[target] as (...a: typeof args) => string)(...args) : undefined;
  /** A chart's click handler for a destination, or undefined (no pointer, no click) without access. */
  const go = <T extends DrillTarget>(target: T) =>
    access[DRILL_ACCESS[target]]
      ? (...args: Parameters<(typeof drillDown)[T]>) => history.push((drillDown[target] as (...a: typeof args) => string)(...args))
      : undefined;

  const scope = stats ? (stats.area === null ? '全镇' : stats.areaName) : undefined;
  return (
    <PageContainer
      title="数据概览"
      subTitle={
        stats ? `${scope}数据 · 更新于 ${dayjs(stats.generatedAt).format('HH:mm:ss')} · 点击数字或图表查看明细` : '全镇工作数据一览'
      }
      extra={
        <Button icon={<ReloadOutlined />} onClick={overview.refresh} loading={overview.loading && !!stats}>
          刷新
        </Button>
      }
    >
      <SetupReminder place="dashboard" />
      <LoadError message={overview.error && !stats ? pageErrorMessage(overview.error) : undefined} onRetry={overview.refresh} />
      {overview.error && stats ? (
        <Typography.Paragraph type="secondary">刷新失败，显示的是 {dayjs(stats.generatedAt).format('HH:mm')} 的数据。</Typography.Paragraph>
      ) : null}
      {!stats && overview.loading ? (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : null}
      {stats ? (
        <>
          <div className="dashboard-figures">
            {figures(stats, link).map((figure) => (
              <FigureCard key={figure.key} figure={figure} />
            ))}
          </div>
          <ChartBoundary>
            <Suspense fallback={<Skeleton active paragraph={{ rows: 10 }} />}>
              <DashboardCharts
                stats={stats}
                go={{
                  category: go('category'),
                  area: go('area'),
                  appealsOn: go('appealsOn'),
                  photoReportsOn: go('photoReportsOn'),
                  ranking: go('ranking'),
                }}
              />
            </Suspense>
          </ChartBoundary>
          <LatestLists stats={stats} link={link} />
        </>
      ) : null}
    </PageContainer>
  );
}
