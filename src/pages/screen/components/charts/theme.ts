import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';

// The wall display's chart look, in one place: light text on the dark panels.

const FONT_FAMILY = '"Microsoft YaHei", "PingFang SC", "WenQuanYi Micro Hei", "Noto Sans CJK SC", sans-serif';
export const TEXT = '#c8dcf5';
export const TEXT_DIM = 'rgba(200, 220, 245, 0.6)';
export const TEXT_BRIGHT = '#ffffff';
export const LINE = 'rgba(120, 170, 230, 0.18)';
export const PANEL = '#0b1d3d';
/** Categorical colours, told apart on a dark ground. */
export const PALETTE = [
  '#2fc9ff',
  '#3d8bff',
  '#36e6a6',
  '#ffc53d',
  '#ff8a4c',
  '#b37feb',
  '#5cdbd3',
  '#ff6b8b',
  '#95de64',
  '#ffd666',
  '#69b1ff',
  '#ff9c6e',
  '#d3adf7',
  '#87e8de',
  '#ffadd2',
];

/** A vertical or horizontal two-stop gradient (a plain option object: no echarts import needed). */
export const gradient = (from: string, to: string, horizontal = false) => ({
  type: 'linear',
  x: 0,
  y: 0,
  x2: horizontal ? 1 : 0,
  y2: horizontal ? 0 : 1,
  colorStops: [
    { offset: 0, color: from },
    { offset: 1, color: to },
  ],
});

export const BASE = {
  backgroundColor: 'transparent',
  textStyle: { fontFamily: FONT_FAMILY, color: TEXT },
  animationDuration: 800,
  animationDurationUpdate: 600,
};

/**
 * The option for `data`, rebuilt only when the figures in it change: the screen refreshes every
 * few seconds, mostly with the same figures, and an unchanged chart should not redraw.
 */
export function useStableOption<T>(data: T, build: (data: T) => EChartsCoreOption): EChartsCoreOption {
  const signature = JSON.stringify(data);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => build(data), [signature]);
}
