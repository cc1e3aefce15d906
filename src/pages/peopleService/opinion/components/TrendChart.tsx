/**
 * The last days' opinion items per day and sentiment as stacked bars (echarts from echarts/core
 * with only what this chart uses). Loaded on demand by the page: echarts gets its own chunk.
 * 负面 sits at the bottom of each bar so the days with negative items read from one baseline.
 */
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { OPINION_SENTIMENT_LABELS, type OpinionSentiment } from '@common/constants';
import type { OpinionTrendDay } from '@common/contracts/people';
import { useEChart } from '@/hooks/useEChart';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/** Bottom to top in each bar. */
const STACK: Array<{ sentiment: OpinionSentiment; color: string }> = [
  { sentiment: 'negative', color: '#ff4d4f' },
  { sentiment: 'neutral', color: '#bfbfbf' },
  { sentiment: 'positive', color: '#52c41a' },
];
const LEGEND: OpinionSentiment[] = ['positive', 'neutral', 'negative'];

export function trendOption(days: OpinionTrendDay[]): echarts.EChartsCoreOption {
  return {
    color: STACK.map((s) => s.color),
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, data: LEGEND.map((s) => OPINION_SENTIMENT_LABELS[s]) },
    grid: { left: 36, right: 12, top: 36, bottom: 28 },
    // 2024-05-01 → 05-01: the year adds nothing within a month.
    xAxis: { type: 'category', data: days.map((day) => day.date.slice(5)), axisTick: { alignWithLabel: true } },
    yAxis: { type: 'value', minInterval: 1, name: '条' },
    series: STACK.map(({ sentiment }) => ({
      name: OPINION_SENTIMENT_LABELS[sentiment],
      type: 'bar',
      stack: 'total',
      barMaxWidth: 18,
      data: days.map((day) => day[sentiment]),
    })),
  };
}

export default function TrendChart({ days }: { days: OpinionTrendDay[] }) {
  const option = useMemo(() => trendOption(days), [days]);
  const { ref, failed } = useEChart(option);

  if (failed) return <p className="opinion-chart-failed">图表无法显示，请刷新页面重试。</p>;
  return <div ref={ref} className="opinion-chart" role="img" aria-label={`近${days.length}天每天正面、中性、负面舆情数量柱状图`} />;
}
