/** 各村任务完成率: one bar per area (completed units / units sent there), the figures at the right. */
import { BarChart } from 'echarts/charts';
import { GridComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { CompletionByArea } from '@common/contracts/stats';
import { ratePercent } from '@common/figures';
import ChartBox from './ChartBox';
import { BASE, gradient, LINE, TEXT, TEXT_BRIGHT, TEXT_DIM, useStableOption } from './theme';

echarts.use([BarChart, GridComponent, SVGRenderer]);

/** A rate's colour: green when most is done, blue midway, orange when lagging. */
function bandColour(rate: number) {
  if (rate >= 0.8) return gradient('#1a9d7a', '#36e6a6', true);
  if (rate >= 0.4) return gradient('#1d5bd6', '#2fc9ff', true);
  return gradient('#b5541c', '#ffab4c', true);
}

export function areaCompletionOption(areas: CompletionByArea[]): echarts.EChartsCoreOption {
  return {
    ...BASE,
    grid: { left: 92, right: 112, top: 6, bottom: 6 },
    xAxis: { type: 'value', min: 0, max: 100, show: false },
    yAxis: [
      {
        type: 'category',
        inverse: true,
        data: areas.map((a) => a.name),
        axisLine: { show: false },
        axisTick: { show: false },
        axisLabel: { color: TEXT, fontSize: 16, margin: 14 },
      },
      {
        type: 'category',
        inverse: true,
        position: 'right',
        data: areas.map((a) => (a.targets ? `{rate|${Math.round(a.rate * 100)}%}{count|${a.completed}/${a.targets}}` : '{none|暂无任务}')),
        axisLine: { show: false },
        axisTick: { show: false },
        axisLabel: {
          margin: 12,
          rich: {
            rate: { color: TEXT_BRIGHT, fontSize: 17, fontWeight: 'bold', width: 46, align: 'right' },
            count: { color: TEXT_DIM, fontSize: 14, width: 50, align: 'right' },
            none: { color: TEXT_DIM, fontSize: 14, width: 96, align: 'right' },
          },
        },
      },
    ],
    series: [
      {
        type: 'bar',
        barWidth: 12,
        showBackground: true,
        backgroundStyle: { color: LINE, borderRadius: 6 },
        itemStyle: { borderRadius: 6 },
        data: areas.map((a) => ({ value: ratePercent(a.rate), itemStyle: { color: bandColour(a.rate) } })),
      },
    ],
  };
}

export default function AreaCompletionChart({ areas }: { areas: CompletionByArea[] }) {
  const option = useStableOption(areas, areaCompletionOption);
  return <ChartBox option={option} label="各村（社区）任务完成率条形图" />;
}
