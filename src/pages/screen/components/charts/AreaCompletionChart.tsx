/** 各村任务完成率: one bar per area (completed units / units sent there), the figures at the right. */
import { BarChart } from 'echarts/charts';
import { GridComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useState } from 'react';
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

function areaCompletionOption(areas: Array<CompletionByArea | null>): echarts.EChartsCoreOption {
  return {
    ...BASE,
    grid: { left: 92, right: 112, top: 6, bottom: 6 },
    xAxis: { type: 'value', min: 0, max: 100, show: false },
    yAxis: [
      {
        type: 'category',
        inverse: true,
        data: areas.map((a) => a?.name ?? ''),
        axisLine: { show: false },
        axisTick: { show: false },
        axisLabel: { color: TEXT, fontSize: 16, margin: 14 },
      },
      {
        type: 'category',
        inverse: true,
        position: 'right',
        data: areas.map((a) =>
          !a ? '' : a.targets ? `{rate|${Math.round(a.rate * 100)}%}{count|${a.completed}/${a.targets}}` : '{none|暂无任务}',
        ),
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
        data: areas.map((a) => (a ? { value: ratePercent(a.rate), itemStyle: { color: bandColour(a.rate) } } : { value: '-' })),
      },
    ],
  };
}

/** Rows the panel shows at once; more villages turn over a page at a time (ADR 0050). */
const AREA_ROWS_SHOWN = 12;
/** How long each page of villages stays on the wall. */
const AREA_PAGE_MS = 8000;

/** The page of villages shown now: all of them while they fit, otherwise AREA_ROWS_SHOWN at a time, in turn. */
function useAreaPage(areas: CompletionByArea[]) {
  const pages = Math.max(1, Math.ceil(areas.length / AREA_ROWS_SHOWN));
  const [page, setPage] = useState(0);
  useEffect(() => {
    if (pages < 2) return undefined;
    const timer = window.setInterval(() => setPage((p) => (p + 1) % pages), AREA_PAGE_MS);
    return () => window.clearInterval(timer);
  }, [pages]);
  const shown = page % pages;
  return { rows: areas.slice(shown * AREA_ROWS_SHOWN, (shown + 1) * AREA_ROWS_SHOWN), page: shown + 1, pages };
}

export default function AreaCompletionChart({ areas }: { areas: CompletionByArea[] }) {
  const { rows, page, pages } = useAreaPage(areas);
  // A short last page keeps the rows' height: empty slots rather than taller bars.
  const padded = pages > 1 ? [...rows, ...Array.from({ length: AREA_ROWS_SHOWN - rows.length }, () => null)] : rows;
  const option = useStableOption(padded, areaCompletionOption);
  return (
    <>
      <ChartBox option={option} label={pages > 1 ? `各村（社区）任务完成率条形图，第${page}/${pages}页` : '各村（社区）任务完成率条形图'} />
      {pages > 1 ? (
        <p className="screen-chart-page" aria-hidden>
          第{page}/{pages}页 · 共{areas.length}个村（社区）
        </p>
      ) : null}
    </>
  );
}
