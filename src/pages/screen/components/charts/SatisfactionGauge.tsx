/** 群众满意度: the average rating (1–5) of replied appeals on a dial. */
import { GaugeChart } from 'echarts/charts';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import ChartBox from './ChartBox';
import { BASE, gradient, LINE, TEXT_BRIGHT, TEXT_DIM, useStableOption } from './theme';

echarts.use([GaugeChart, SVGRenderer]);

interface Satisfaction {
  satisfaction: number | null;
  rated: number;
}

function satisfactionOption({ satisfaction, rated }: Satisfaction): echarts.EChartsCoreOption {
  return {
    ...BASE,
    series: [
      {
        type: 'gauge',
        min: 0,
        max: 5,
        splitNumber: 5,
        startAngle: 215,
        endAngle: -35,
        radius: '90%',
        center: ['50%', '54%'],
        progress: { show: true, width: 14, roundCap: true, itemStyle: { color: gradient('#3d8bff', '#36e6a6', true) } },
        axisLine: { roundCap: true, lineStyle: { width: 14, color: [[1, LINE]] } },
        pointer: { show: false },
        anchor: { show: false },
        // A tick per point on the inside of the arc; the value itself says the rest.
        axisTick: { show: false },
        splitLine: { distance: 6, length: 6, lineStyle: { color: TEXT_DIM, width: 2 } },
        axisLabel: { show: false },
        title: { offsetCenter: [0, '42%'], color: TEXT_DIM, fontSize: 15 },
        detail: {
          offsetCenter: [0, '2%'],
          color: TEXT_BRIGHT,
          fontSize: 44,
          fontWeight: 'bold',
          formatter: () => (satisfaction === null ? '—' : satisfaction.toFixed(1)),
        },
        data: [{ value: satisfaction ?? 0, name: rated ? `${rated} 人评价` : '暂无评价' }],
      },
    ],
  };
}

export default function SatisfactionGauge(props: Satisfaction) {
  const option = useStableOption({ satisfaction: props.satisfaction, rated: props.rated }, satisfactionOption);
  return (
    <ChartBox
      option={option}
      label={props.satisfaction === null ? '群众满意度：暂无评价' : `群众满意度 ${props.satisfaction.toFixed(1)} 分（满分 5 分）`}
    />
  );
}
