import * as echarts from 'echarts/core';
import { useEffect, useRef, useState } from 'react';

/** What echarts tells a click handler about the clicked item. */
export interface ChartClick {
  name: string;
  dataIndex: number;
  seriesName?: string;
  value?: unknown;
}

/**
 * One echarts instance on a div: created once when the div mounts, given each new option with
 * setOption (pass a memoised option), resized with the window and the div, disposed on unmount.
 * `onClick` is read when a click happens, so a new function per render costs nothing.
 * The caller registers the charts and components it draws with `echarts.use`.
 */
export function useEChart(option: echarts.EChartsCoreOption | undefined, onClick?: (item: ChartClick) => void) {
  const ref = useRef<HTMLDivElement>(null);
  const chartRef = useRef<echarts.ECharts>();
  const clickRef = useRef(onClick);
  clickRef.current = onClick;
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
    chart.on('click', (params) => clickRef.current?.(params as unknown as ChartClick));
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
