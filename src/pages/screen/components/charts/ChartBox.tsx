import type { EChartsCoreOption } from 'echarts/core';
import { useEChart } from '@/hooks/useEChart';

/** One chart of the screen: a div that fills its panel, drawn once and updated in place. */
export default function ChartBox({ option, label }: { option: EChartsCoreOption; label: string }) {
  const { ref, failed } = useEChart(option);
  if (failed) return <p className="screen-empty">图表无法显示</p>;
  return <div ref={ref} className="screen-chart" role="img" aria-label={label} />;
}
