// The screen's charts: one chunk with echarts, loaded after the page shell and its figures.
export { default as AppealTrendChart } from './AppealTrendChart';
export { default as AreaCompletionChart } from './AreaCompletionChart';
export { default as CategoryChart } from './CategoryChart';
export { default as SatisfactionGauge } from './SatisfactionGauge';
