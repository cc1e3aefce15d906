/**
 * The dashboard's four charts (echarts from echarts/core with only bars, lines and their axes),
 * loaded on demand: the figures show first, echarts arrives in its own chunk. Each bar or point
 * opens the list behind it.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { Card, Empty } from 'antd';
import { type ReactNode, useMemo } from 'react';
import type { StatsOverview } from '@common/contracts/stats';
import { ratePercent } from '@common/figures';
import { type CategoryClick, useEChart } from '@/hooks/useEChart';
import { countAxisMax } from './axisScale';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

const BLUE = '#1890ff';
const GREEN = '#52c41a';
const ORANGE = '#fa8c16';

/** A chart; with `onClick` a click anywhere over a column (or row) of the plot opens that category. */
function Chart({
  option,
  onClick,
  label,
  height,
}: {
  option: echarts.EChartsCoreOption;
  onClick?: (click: CategoryClick) => void;
  label: string;
  /** Taller than the card (many villages): the chart scrolls inside it. */
  height?: number;
}) {
  const { ref, failed } = useEChart(option, onClick);
  if (failed) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="图表无法显示，请刷新页面重试" />;
  const chart = (
    <div
      ref={ref}
      className="dashboard-chart"
      role="img"
      aria-label={label}
      style={{ ...(onClick ? { cursor: 'pointer' } : {}), ...(height ? { height } : {}) }}
    />
  );
  if (!height) return chart;
  // Focusable so the keyboard scrolls it too.
  return (
    <div className="dashboard-chart-scroll" tabIndex={0} role="group" aria-label={`${label}（可滚动）`}>
      {chart}
    </div>
  );
}

/** More villages than fit as upright bars: they become rows, ROW_HEIGHT apart, in a scrolling box (ADR 0050). */
const UPRIGHT_MAX = 12;
const ROW_HEIGHT = 28;

function ChartCard({ title, extra, empty, children }: { title: string; extra?: ReactNode; empty?: string; children: ReactNode }) {
  return (
    <Card title={title} extra={extra} size="small" className="dashboard-card">
      {empty ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} className="dashboard-chart-empty" /> : children}
    </Card>
  );
}

interface DrillTargets {
  category?: (category: number) => void;
  area?: (area: number) => void;
  appealsOn?: (date: string) => void;
  photoReportsOn?: (date: string) => void;
  ranking?: () => void;
}

/** Of a day's two lines, the one nearer the click (appeals on a tie or when only they can be opened). */
function nearerLine(day: { appeals: number; photoReports: number }, value: number): 'appeals' | 'photoReports' {
  return Math.abs(day.photoReports - value) < Math.abs(day.appeals - value) ? 'photoReports' : 'appeals';
}

export default function DashboardCharts({ stats, go }: { stats: StatsOverview; go: DrillTargets }) {
  const categories = useMemo(() => stats.completionByCategory.filter((c) => c.tasks > 0), [stats]);
  const categoryOption = useMemo(
    () => ({
      color: [BLUE, GREEN],
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { top: 0 },
      grid: { left: 40, right: 48, top: 36, bottom: 56 },
      xAxis: { type: 'category', data: categories.map((c) => c.label), axisLabel: { interval: 0, rotate: categories.length > 6 ? 30 : 0 } },
      yAxis: [
        { type: 'value', name: '任务数', minInterval: 1, max: countAxisMax(Math.max(0, ...categories.map((c) => c.tasks))) },
        { type: 'value', name: '完成率', min: 0, max: 100, axisLabel: { formatter: '{value}%' }, splitLine: { show: false } },
      ],
      series: [
        // Half of each slot left between bars: many categories of equal count read as bars, not a band.
        { name: '任务数', type: 'bar', barMaxWidth: 28, barCategoryGap: '50%', data: categories.map((c) => c.tasks) },
        {
          name: '完成率',
          type: 'line',
          yAxisIndex: 1,
          data: categories.map((c) => ratePercent(c.rate)),
          tooltip: { valueFormatter: (v: number) => `${v}%` },
        },
      ],
    }),
    [categories],
  );

  const areas = useMemo(() => stats.completionByArea.filter((a) => a.targets > 0), [stats]);
  const areaOption = useMemo(
    () => ({
      color: [GREEN],
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        formatter: (items: Array<{ dataIndex: number }>) => {
          const a = areas[items[0].dataIndex];
          // The tooltip is HTML: the area's name is data anyone with the introduction key may edit.
          return `${echarts.format.encodeHTML(a.name)}<br/>完成 ${a.completed} / ${a.targets} 项（${ratePercent(a.rate)}%）<br/>已通过提交 ${a.approved} 份 · 待审核 ${a.pending} 份`;
        },
      },
      ...(areas.length > UPRIGHT_MAX
        ? {
            grid: { left: 104, right: 48, top: 8, bottom: 8 },
            yAxis: {
              type: 'category',
              inverse: true,
              data: areas.map((a) => a.name),
              axisLabel: { interval: 0, width: 92, overflow: 'truncate' },
            },
            xAxis: { type: 'value', min: 0, max: 100, show: false },
          }
        : {
            grid: { left: 48, right: 16, top: 24, bottom: 40 },
            xAxis: { type: 'category', data: areas.map((a) => a.name), axisLabel: { interval: 0, rotate: areas.length > 6 ? 30 : 0 } },
            yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
          }),
      series: [
        {
          name: '完成率',
          type: 'bar',
          barMaxWidth: areas.length > UPRIGHT_MAX ? 16 : 28,
          data: areas.map((a) => ratePercent(a.rate)),
          label: { show: true, position: areas.length > UPRIGHT_MAX ? 'right' : 'top', formatter: '{c}%' },
        },
      ],
    }),
    [areas],
  );
  const areaHeight = areas.length > UPRIGHT_MAX ? areas.length * ROW_HEIGHT + 16 : undefined;

  const days = stats.perDay;
  const trendOption = useMemo(
    () => ({
      color: [ORANGE, BLUE],
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 16, top: 36, bottom: 32 },
      xAxis: { type: 'category', boundaryGap: false, data: days.map((d) => d.date.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        // Larger points to see; the whole column of a day is the click target (Chart).
        { name: '群众诉求', type: 'line', symbolSize: 9, areaStyle: { opacity: 0.08 }, data: days.map((d) => d.appeals) },
        { name: '随手拍', type: 'line', symbolSize: 9, data: days.map((d) => d.photoReports) },
      ],
    }),
    [days],
  );

  const top = useMemo(() => [...stats.pointsTop].reverse(), [stats]);
  const pointsOption = useMemo(
    () => ({
      color: [ORANGE],
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 88, right: 40, top: 8, bottom: 24 },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', data: top.map((p) => `${p.name}`), axisLabel: { width: 80, overflow: 'truncate' } },
      series: [{ name: '积分', type: 'bar', barMaxWidth: 16, data: top.map((p) => p.points), label: { show: true, position: 'right' } }],
    }),
    [top],
  );

  const trendTotal = days.reduce((sum, d) => sum + d.appeals + d.photoReports, 0);
  return (
    <div className="dashboard-charts">
      <ChartCard title="各类别任务与完成率" empty={categories.length ? undefined : '还没有发布的任务'}>
        <Chart
          label="各类别任务数与完成率"
          option={categoryOption}
          onClick={go.category ? ({ dataIndex }) => go.category?.(categories[dataIndex].category) : undefined}
        />
      </ChartCard>
      <ChartCard title="各村（社区）任务完成率" empty={areas.length ? undefined : '还没有派发到村（社区）的任务'}>
        <Chart
          label="各村任务完成率"
          option={areaOption}
          height={areaHeight}
          onClick={go.area ? ({ dataIndex }) => go.area?.(areas[dataIndex].area) : undefined}
        />
      </ChartCard>
      <ChartCard title={`近${days.length}天群众诉求与随手拍`} empty={trendTotal ? undefined : `近${days.length}天没有新的诉求和随手拍`}>
        <Chart
          label="近30天群众诉求与随手拍数量"
          option={trendOption}
          onClick={
            go.appealsOn
              ? ({ dataIndex, value }) => {
                  const day = days[dataIndex];
                  if (nearerLine(day, value) === 'photoReports' && go.photoReportsOn) go.photoReportsOn(day.date);
                  else go.appealsOn?.(day.date);
                }
              : undefined
          }
        />
      </ChartCard>
      <ChartCard title="积分排行前十" empty={top.length ? undefined : '还没有人获得积分'}>
        <Chart label="积分排行前十" option={pointsOption} onClick={go.ranking ? () => go.ranking?.() : undefined} />
      </ChartCard>
    </div>
  );
}
