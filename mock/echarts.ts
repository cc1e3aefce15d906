/**
 * jsdom draws nothing: in the client tests echarts (`echarts/core`, `/charts`, `/components` and
 * `/renderers`, mapped here by jest.config.js) is a recorder of what a page asks it to draw. Tests
 * read `charts` (import it from '@mock/echarts') and empty it before each test.
 *
 * Its pixel geometry, for tests that click the plot: category i sits at x = 100 + 50·i, the value
 * axis reads y = 300 − 10·v, and the plot is where x ≥ 80 and y ≤ 300.
 */
interface MockChart {
  /** The element's aria-label: which chart this is. */
  label: string | null;
  /** Every option passed to setOption, in order; tests read them loosely, each assertion naming its field. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  options: Array<Record<string, any>>;
  /** A click on the plot at (x, y): what the page does with it. */
  clickAt?: (x: number, y: number) => void;
  disposed: boolean;
}

export const charts: MockChart[] = [];

export function init(element: HTMLElement) {
  const chart = {
    label: element.getAttribute('aria-label'),
    options: [] as MockChart['options'],
    disposed: false,
    clickAt: undefined as MockChart['clickAt'],
    setOption(option: Record<string, unknown>) {
      chart.options.push(option);
    },
    // As echarts answers: every axis in an array.
    getOption: () => {
      const option = chart.options.at(-1) ?? {};
      const list = (axis: unknown) => (Array.isArray(axis) ? axis : [axis]);
      return { ...option, xAxis: list(option.xAxis), yAxis: list(option.yAxis) };
    },
    resize: () => undefined,
    on: () => undefined,
    getZr: () => ({
      on(event: string, handler: (e: { offsetX: number; offsetY: number }) => void) {
        if (event === 'click') chart.clickAt = (x, y) => handler({ offsetX: x, offsetY: y });
      },
    }),
    containPixel: (_finder: string, [x, y]: number[]) => x >= 80 && y <= 300,
    convertToPixel: (_finder: unknown, index: number) => 100 + 50 * index,
    convertFromPixel: (_finder: unknown, y: number) => (300 - y) / 10,
    dispose() {
      chart.disposed = true;
    },
  };
  charts.push(chart);
  return chart;
}

export const use = () => undefined;
export const format = { encodeHTML: (text: string) => text };

// What pages hand to `use`: nothing to register here.
export const BarChart = {};
export const GaugeChart = {};
export const LineChart = {};
export const PieChart = {};
export const GridComponent = {};
export const LegendComponent = {};
export const TooltipComponent = {};
export const SVGRenderer = {};
