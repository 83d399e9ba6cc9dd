/**
 * A bar chart of categories (the customer report's age groups, countries, registration types), beside LineChart in
 * the console's one owner of ECharts. Bars of several series stack; only the parts used are registered.
 */
import { BarChart as EChartsBar } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo } from 'react';

echarts.use([EChartsBar, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface BarSeries {
  name: string;
  values: readonly number[];
}

interface BarChartProps {
  title: string;
  /** One label per bar (group). */
  labels: readonly string[];
  series: readonly BarSeries[];
  format?: (value: number) => string;
  /** Bars run sideways (long labels such as country names). */
  horizontal?: boolean;
  height?: number;
}

export function BarChart({ title, labels, series, format = String, horizontal = false, height = 260 }: BarChartProps) {
  const option = useMemo(() => {
    const category = { type: 'category', data: labels, axisLabel: { interval: 0, hideOverlap: !horizontal } };
    const value = { type: 'value', minInterval: 1, axisLabel: { formatter: (v: number) => format(v) } };
    return {
      // The section's heading names the chart (title is its accessible name): no title drawn over the legend.
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => format(v) },
      legend: series.length > 1 ? { top: 0, left: 'center' } : undefined,
      grid: { left: horizontal ? 8 : 56, right: 24, top: series.length > 1 ? 36 : 16, bottom: 24, containLabel: horizontal },
      xAxis: horizontal ? value : category,
      yAxis: horizontal ? { ...category, inverse: true } : value,
      series: series.map((s) => ({ name: s.name, type: 'bar', stack: series.length > 1 ? 'total' : undefined, data: s.values, barMaxWidth: 36 })),
      animation: false,
    };
  }, [labels, series, format, horizontal]);
  return (
    <figure className="line-chart bar-chart" aria-label={title}>
      <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height }} />
      <figcaption className="sr-only">
        {title}: {labels.map((l, i) => `${l} ${series.map((s) => format(s.values[i] ?? 0)).join(' / ')}`).join(', ')}
      </figcaption>
    </figure>
  );
}
