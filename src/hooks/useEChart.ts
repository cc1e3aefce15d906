import * as echarts from 'echarts/core';
import { useEffect, useRef, useState } from 'react';

/** What a click anywhere over a category column of the plot tells its handler. */
export interface CategoryClick {
  /** The category nearest to the pointer. */
  dataIndex: number;
  /** The value axis at the pointer, to tell which of several lines was meant. */
  value: number;
}

/** The index of the position nearest to `x` (the categories' pixel positions, in order). */
function nearestIndex(positions: number[], x: number): number {
  let best = -1;
  positions.forEach((position, index) => {
    if (best < 0 || Math.abs(position - x) < Math.abs(positions[best] - x)) best = index;
  });
  return best;
}

type Axis = { type?: string; data?: unknown[] };

/**
 * The category under a point of the plot and the value axis there, or undefined outside the grid.
 * The category axis is x (columns) or, for horizontal bars, y (rows).
 */
function categoryAt(chart: echarts.ECharts, x: number, y: number): CategoryClick | undefined {
  if (!chart.containPixel('grid', [x, y])) return undefined;
  const option = chart.getOption() as { xAxis?: Axis[]; yAxis?: Axis[] };
  const horizontal = !option.xAxis?.[0]?.data?.length;
  const count = (horizontal ? option.yAxis?.[0]?.data : option.xAxis?.[0]?.data)?.length ?? 0;
  if (!count) return undefined;
  const category = horizontal ? { yAxisIndex: 0 } : { xAxisIndex: 0 };
  const positions = Array.from({ length: count }, (_, i) => Number(chart.convertToPixel(category, i)));
  const value = Number(chart.convertFromPixel(horizontal ? { xAxisIndex: 0 } : { yAxisIndex: 0 }, horizontal ? x : y));
  return { dataIndex: nearestIndex(positions, horizontal ? y : x), value };
}

/**
 * One echarts instance on a div: created once when the div mounts, given each new option with
 * setOption (pass a memoised option), resized with the window and the div, disposed on unmount.
 * The caller registers the charts and components it draws with `echarts.use`.
 *
 * `onCategoryClick` makes the whole plot clickable: a click anywhere inside the grid opens the
 * nearest category, so a thin bar, a 0% bar or a small line point need no aiming. It is
 * read when the click happens, so a new function per render costs nothing.
 */
export function useEChart(option: echarts.EChartsCoreOption | undefined, onCategoryClick?: (click: CategoryClick) => void) {
  const ref = useRef<HTMLDivElement>(null);
  const chartRef = useRef<echarts.ECharts>();
  const clickRef = useRef(onCategoryClick);
  clickRef.current = onCategoryClick;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    let chart: echarts.ECharts;
    try {
      chart = echarts.init(element, undefined, { renderer: 'svg' });
    } catch {
      setFailed(true);
      return undefined;
    }
    chartRef.current = chart;
    // Only charts that open something listen (and need a pointer cursor, which the caller sets).
    if (clickRef.current) {
      chart.getZr().on('click', (event: { offsetX: number; offsetY: number }) => {
        const click = categoryAt(chart, event.offsetX, event.offsetY);
        if (click) clickRef.current?.(click);
      });
    }
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    const observer = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(resize) : undefined;
    observer?.observe(element);
    return () => {
      window.removeEventListener('resize', resize);
      observer?.disconnect();
      chart.dispose();
      chartRef.current = undefined;
    };
  }, []);

  // Declared after the effect above, so on mount the chart exists before its first option.
  useEffect(() => {
    if (option) chartRef.current?.setOption(option, true);
  }, [option]);

  return { ref, failed };
}
