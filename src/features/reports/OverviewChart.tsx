import { useEffect, useState } from 'react';
import { useGetSalesOverviewQuery } from '../../api/reportsApi';
import type { ReportQuery, SalesOverviewReport } from '../../contracts/reports';
import { formatAmount, formatWholeSek, oreFromSek } from '../../domain/money';
import type { FillMode, SalesOverviewTable } from './reportTypes';
import type { ReportsClient } from '../../../workers/reports/reportsClient';
import { LineChart, type LineSeries } from '../../ui/charts/LineChart';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { RetryPanel } from '../../ui/RetryPanel';

interface OverviewChartProps {
  title: string;
  report: SalesOverviewReport;
  params: ReportQuery;
  mode: FillMode;
  client: ReportsClient;
  money?: boolean;
}

const sek = (v: number) => `${formatAmount(oreFromSek(v))} kr`;
const count = (v: number) => Math.round(v).toLocaleString('sv-SE');
/** Thousands of kronor ("tkr"), as Swedish reports write them where space is short. */
const tkr = (v: number) => `${Math.round(v / 1000).toLocaleString('sv-SE')} tkr`;
const wholeKr = (v: number) => formatWholeSek(oreFromSek(v));
/** The money axis in tkr once the amounts reach 10 000 kr; below that every label would read "0 tkr" or "1 tkr". */
const moneyAxis = (series: readonly LineSeries[]) => (series.some((s) => s.values.some((v) => Math.abs(v) >= 10_000)) ? tkr : wholeKr);

/**
 * One chart of the sales overview: its own call and failure; every day of the period gets a point (the worker
 * fills the days without sales: zeros when isolated, the day before when accumulated).
 */
export function OverviewChart({ title, report, params, mode, client, money }: OverviewChartProps) {
  const query = useGetSalesOverviewQuery({ report, params });
  const [filled, setFilled] = useState<{ labels: string[]; series: LineSeries[] } | null>(null);
  const table = query.data?.data[mode];

  useEffect(() => {
    setFilled(null);
    if (!table || !params.from_date || !params.to_date) return;
    let live = true;
    void client.fillDays(table as unknown as SalesOverviewTable, params.from_date, params.to_date, mode).then((t) => {
      if (!live) return;
      const [header, ...days] = t;
      setFilled({
        labels: days.map((d) => d[0].slice(0, 10)),
        series: header.slice(1).map((name, i) => ({ name, values: days.map((d) => Number(d[i + 1] ?? 0)) })),
      });
    }, () => undefined);
    return () => {
      live = false;
    };
  }, [table, params.from_date, params.to_date, mode, client]);

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
