/**
 * Population, households and party members per village as grouped bars (echarts, imported from
 * echarts/core with only what this chart uses). Loaded on demand by /digital: its own chunk.
 * Party members are far fewer than people, so they read against a second axis. On a narrow
 * screen the bars lie down (names on the left, one row per village) so every name stays readable.
 */
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef, useState } from 'react';
import type { VillageIntroduction } from '@common/contracts/content';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

const COLORS = ['#1890ff', '#13c2c2', '#fa8c16'];
const NARROW = 600;
/** Height of one village's row when the bars lie down. */
const ROW_HEIGHT = 54;
/** The narrowest chart whose legend (three entries, 13 px) fits one line with tight gaps. */
const LEGEND_ONE_LINE = 300;

interface Frame {
  width: number;
  /** A wall screen: bigger type. */
  large: boolean;
}

function chartOption(villages: VillageIntroduction[], { width, large }: Frame): echarts.EChartsCoreOption {
  const fontSize = large ? 16 : 13;
  const value = (v: number | null) => v ?? '-';
  const names = villages.map((v) => v.name);
  const series = [
    { name: '人口（人）', data: villages.map((v) => value(v.population)) },
    { name: '户数（户）', data: villages.map((v) => value(v.households)) },
    { name: '党员（人）', data: villages.map((v) => value(v.partyMembers)) },
  ];
  const common = {
    color: COLORS,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, textStyle: { fontSize } },
    legend: { top: 0, textStyle: { fontSize }, itemGap: 20 },
  };
  const countAxis = (name: string, extra: object = {}) => ({
    type: 'value',
    name,
    nameTextStyle: { fontSize },
    axisLabel: { fontSize },
    ...extra,
  });

  if (width < NARROW) {
    // The legend keeps to one line above the party members' axis (its figures along the top);
    // a phone too narrow for that gets the legend in two lines and the axis moved down for them.
    const legendLines = width < LEGEND_ONE_LINE ? 2 : 1;
    return {
      ...common,
      legend: { top: 0, left: 'center', textStyle: { fontSize }, itemGap: 10, itemWidth: 16, itemHeight: 10 },
      grid: { left: 72, right: 16, top: 28 + legendLines * 24, bottom: 28 },
      yAxis: { type: 'category', data: names, inverse: true, axisLabel: { fontSize, width: 64, overflow: 'truncate' } },
      xAxis: [
        countAxis('', { position: 'bottom', splitNumber: 3 }),
        countAxis('', { position: 'top', splitNumber: 3, splitLine: { show: false }, axisLabel: { fontSize, color: COLORS[2] } }),
      ],
      series: series.map((s, i) => ({ ...s, type: 'bar', xAxisIndex: i === 2 ? 1 : 0, barMaxWidth: 12, barGap: '10%' })),
    };
  }
  const slot = (width - 120) / Math.max(villages.length, 1);
  return {
    ...common,
    grid: { left: 64, right: 56, top: large ? 72 : 60, bottom: slot < 76 ? 64 : 36 },
    xAxis: {
      type: 'category',
      data: names,
      axisTick: { alignWithLabel: true },
      axisLabel: { fontSize, interval: 0, rotate: slot < 76 ? 30 : 0 },
    },
    yAxis: [
      countAxis('人口 / 户数', { nameTextStyle: { fontSize, align: 'left' } }),
      countAxis('党员（人）', { nameTextStyle: { fontSize, align: 'right' }, splitLine: { show: false } }),
    ],
    series: series.map((s, i) => ({ ...s, type: 'bar', yAxisIndex: i === 2 ? 1 : 0, barMaxWidth: 22 })),
  };
}

export default function VillageChart({ villages }: { villages: VillageIntroduction[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [narrow, setNarrow] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    let chart: echarts.ECharts | undefined;
    const frame = (): Frame => ({ width: element.clientWidth, large: window.innerWidth >= 1800 });
    const draw = () => {
      const next = frame();
      setNarrow(next.width > 0 && next.width < NARROW);
      chart?.setOption(chartOption(villages, next), true);
      chart?.resize();
    };
    try {
      chart = echarts.init(element, undefined, { renderer: 'svg' });
      draw();
    } catch {
      setFailed(true);
      return undefined;
    }
    const observer = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(draw) : undefined;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      chart?.dispose();
    };
  }, [villages]);

  if (failed) return <p className="digital-chart-failed">图表无法显示，请查看下方数据表。</p>;
  return (
    <div
      ref={ref}
      className="digital-chart-canvas"
      style={narrow ? { height: villages.length * ROW_HEIGHT + 116 } : undefined}
      role="img"
      aria-label="各村人口、户数、党员人数柱状图"
    />
  );
}
