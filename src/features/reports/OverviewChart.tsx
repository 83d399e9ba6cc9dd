import { useMemo } from 'react';
import { useGetSalesOverviewQuery } from '../../api/reportsApi';
import type { ReportQuery, SalesOverviewReport } from '../../contracts/reports';
import { formatAmount, formatWholeSek, oreFromSek, formatCount } from '../../domain/money';
import type { FillMode, SalesOverviewTable } from './reportTypes';
import { fillDays } from '../../domain/salesOverviewDays';
import { displayDay } from '../../domain/displayDates';
import { LineChart, type LineSeries } from '../../ui/charts/LineChart';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { RetryPanel } from '../../ui/RetryPanel';

interface OverviewChartProps {
  title: string;
  report: SalesOverviewReport;
  params: ReportQuery;
  mode: FillMode;
  money?: boolean;
}

const sek = (v: number) => `${formatAmount(oreFromSek(v))} kr`;
const count = (v: number) => formatCount(Math.round(v));
/** Thousands of kronor ("tkr"), as Swedish reports write them where space is short. */
const tkr = (v: number) => `${formatCount(Math.round(v / 1000))} tkr`;
const wholeKr = (v: number) => formatWholeSek(oreFromSek(v));
/** The money axis in tkr once the amounts reach 10 000 kr; below that every label would read "0 tkr" or "1 tkr". */
const moneyAxis = (series: readonly LineSeries[]) => (series.some((s) => s.values.some((v) => Math.abs(v) >= 10_000)) ? tkr : wholeKr);

/**
 * One chart of the sales overview: its own call and failure; every day of the period gets a point (the days without
 * sales are filled: zeros when isolated, the day before when accumulated). The filling is at most 366 rows of five
 * numbers, well under a millisecond, so it runs here while rendering: handing it to the reports worker made the page
 * wait for that worker (and the PDF library it carries) to load and answer before any chart could draw (issue 24).
 */
export function OverviewChart({ title, report, params, mode, money }: OverviewChartProps) {
  const query = useGetSalesOverviewQuery({ report, params });
  // currentData: nothing while another period loads, so a chart never shows one period's days over another's.
  const table = query.currentData?.data[mode];
  const { from_date: from, to_date: to } = params;
  const filled = useMemo(() => {
    if (!table || !from || !to) return null;
    const [header, ...days] = fillDays(table as unknown as SalesOverviewTable, from, to, mode);
    return {
      // The days as the console writes them (000 §5: dd.MM.yyyy), on the axis and in the tooltip.
      labels: days.map((d) => displayDay(d[0].slice(0, 10))),
      series: header.slice(1).map((name, i): LineSeries => ({ name, values: days.map((d) => Number(d[i + 1] ?? 0)) })),
    };
  }, [table, from, to, mode]);

  return (
    <section className="overview-chart" aria-label={title}>
      {query.isError ? (
        <>
          <h2 className="section-title">{title}</h2>
          <RetryPanel onRetry={() => void query.refetch()} />
        </>
      ) : filled ? (
        <LineChart title={title} labels={filled.labels} series={filled.series} format={money ? sek : count} axisFormat={money ? moneyAxis(filled.series) : count} integer />
      ) : (
        <LoadingSpinner label={`Loading ${title}`} />
      )}
    </section>
  );
}
