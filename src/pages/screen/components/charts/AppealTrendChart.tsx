/** 诉求与随手拍趋势: how many came in each day of the last STATS_DAYS days, today at the right. */
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { DayCount } from '@common/contracts/stats';
import ChartBox from './ChartBox';
import { BASE, gradient, LINE, TEXT, TEXT_DIM, useStableOption } from './theme';

echarts.use([LineChart, GridComponent, LegendComponent, SVGRenderer]);

const SERIES = [
  { key: 'appeals', name: '群众诉求', colour: '#2fc9ff', fill: 'rgba(47, 201, 255, 0.45)' },
  { key: 'photoReports', name: '随手拍', colour: '#ffc53d', fill: 'rgba(255, 197, 61, 0.32)' },
] as const;

function appealTrendOption(days: DayCount[]): echarts.EChartsCoreOption {
  return {
    ...BASE,
    color: SERIES.map((s) => s.colour),
    legend: { top: 0, right: 8, itemWidth: 18, itemHeight: 8, textStyle: { color: TEXT, fontSize: 15 } },
    grid: { left: 44, right: 24, top: 44, bottom: 30 },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      // 2024-05-01 → 05-01
      data: days.map((d) => d.date.slice(5)),
      axisLine: { lineStyle: { color: LINE } },
      axisTick: { show: false },
      // Every fifth day, counted back from today so today is always labelled.
      axisLabel: { color: TEXT_DIM, fontSize: 14, margin: 12, interval: (index: number) => (days.length - 1 - index) % 5 === 0 },
    },
    yAxis: {
      type: 'value',
      minInterval: 1,
      splitNumber: 4,
      axisLabel: { color: TEXT_DIM, fontSize: 14 },
      splitLine: { lineStyle: { color: LINE, type: 'dashed' } },
    },
    series: SERIES.map((s) => ({
      name: s.name,
      type: 'line',
      // Daily counts are small whole numbers: straight segments read truer than curves.
      smooth: false,
      symbol: 'circle',
      symbolSize: 7,
      showSymbol: true,
      lineStyle: { width: 3, color: s.colour },
      itemStyle: { color: s.colour, borderColor: '#0b1d3d', borderWidth: 2 },
      areaStyle: { color: gradient(s.fill, 'rgba(0, 0, 0, 0)') },
      data: days.map((d) => d[s.key]),
    })),
  };
}

export default function AppealTrendChart({ days }: { days: DayCount[] }) {
  const option = useStableOption(days, appealTrendOption);
  return <ChartBox option={option} label={`近${days.length}天每天群众诉求与随手拍数量折线图`} />;
}
