/** 任务类别分布: published and closed tasks per work category, as a ring with the total inside. */
import { PieChart } from 'echarts/charts';
import { LegendComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { CompletionByCategory } from '@common/contracts/stats';
import ChartBox from './ChartBox';
import { BASE, PALETTE, PANEL, TEXT, TEXT_DIM, useStableOption } from './theme';

echarts.use([PieChart, LegendComponent, SVGRenderer]);

export function categoryOption(categories: CompletionByCategory[]): echarts.EChartsCoreOption {
  const used = categories.filter((c) => c.tasks > 0);
  const counts = new Map(used.map((c) => [c.label, c.tasks]));
  return {
    ...BASE,
    color: PALETTE,
    legend: {
      type: 'scroll',
      orient: 'vertical',
      left: '56%',
      right: 4,
      top: 'middle',
      itemWidth: 10,
      itemHeight: 10,
      itemGap: 9,
      icon: 'circle',
      pageTextStyle: { color: TEXT_DIM },
      pageIconColor: TEXT,
      pageIconInactiveColor: TEXT_DIM,
      formatter: (name: string) => `{name|${name}}{count|${counts.get(name) ?? 0} 项}`,
      textStyle: {
        rich: {
          name: { color: TEXT, fontSize: 15, width: 104 },
          count: { color: TEXT_DIM, fontSize: 14, width: 40, align: 'right' },
        },
      },
    },
    series: [
      {
        type: 'pie',
        radius: ['52%', '78%'],
        center: ['28%', '50%'],
        avoidLabelOverlap: false,
        label: { show: false },
        labelLine: { show: false },
        itemStyle: { borderColor: PANEL, borderWidth: 3 },
        data: used.map((c) => ({ name: c.label, value: c.tasks })),
      },
    ],
  };
}

export default function CategoryChart({ categories }: { categories: CompletionByCategory[] }) {
  const option = useStableOption(categories, categoryOption);
  const total = categories.reduce((sum, c) => sum + c.tasks, 0);
  if (!total) return <p className="screen-empty">暂无已发布的任务</p>;
  return (
    <div className="screen-category">
      <ChartBox option={option} label="各工作类别任务数量环形图" />
      <div className="screen-category-total" aria-hidden="true">
        <strong>{total}</strong>
        <span>项任务</span>
      </div>
    </div>
  );
}
