/**
 * The console's one owner of ECharts (HOUSE-STYLE rule 2): a line chart of day series. Only the parts used are
 * registered (line, grid, tooltip, legend, title, canvas), which keeps most of ECharts out of the bundle.
 */
import { LineChart as EChartsLine } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
// The ES module build: the CommonJS one (lib/) reaches Vite as an object, not a component.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo } from 'react';

echarts.use([EChartsLine, GridComponent, LegendComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

export interface LineSeries {
  name: string;
  values: readonly number[];
}

interface LineChartProps {
  title: string;
  /** One label per point, as shown on the axis and in the tooltip (days as dd.MM.yyyy). */
  labels: readonly string[];
  series: readonly LineSeries[];
  /** Formats values in the tooltip (money as Swedish SEK). */
  format?: (value: number) => string;
  /** Formats the value axis, which has less room (defaults to `format`). */
  axisFormat?: (value: number) => string;
  /** The value axis steps by at least 1 (counts, whole kronor). */
  integer?: boolean;
  height?: number;
}

export function LineChart({ title, labels, series, format = String, axisFormat = format, integer = false, height = 280 }: LineChartProps) {
  // Nothing but zeros: the axis keeps a 0–1 scale and the chart says there is nothing to show.
  const empty = series.every((s) => s.values.every((v) => v === 0));
  const option = useMemo(
    () => ({
      title: { text: title, left: 8, top: 4, textStyle: { fontSize: 14, fontWeight: 600 } },
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => format(v) },
      legend: { top: 4, right: 8 },
      grid: { left: 72, right: 24, top: 44, bottom: 32 },
      xAxis: { type: 'category', data: labels, boundaryGap: false },
      yAxis: { type: 'value', minInterval: integer ? 1 : 0, max: empty ? 1 : undefined, axisLabel: { formatter: (v: number) => axisFormat(v) } },
      // Many days: no symbol per point, and the chart draws progressively.
      series: series.map((s) => ({ name: s.name, type: 'line', data: s.values, showSymbol: labels.length <= 62, smooth: false })),
      animation: labels.length <= 400,
    }),
    [title, labels, series, format, axisFormat, integer, empty],
  );
  return (
    <figure className="line-chart" aria-label={title}>
      <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height }} />
      {empty ? <p className="line-chart-empty">No data in this period</p> : null}
      <figcaption className="sr-only">
        {title}: {series.map((s) => s.name).join(', ')} over {labels.length} days{labels.length ? `, ${labels[0]} to ${labels[labels.length - 1]}` : ''}
      </figcaption>
    </figure>
  );
}
