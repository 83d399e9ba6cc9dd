import { Button, Card, HTMLTable } from '@blueprintjs/core';
import { useGetProfileQuery } from '../../api/authApi';
import { useGetBoxOfficeSummaryQuery } from '../../api/boxOfficeApi';
import { formatSek, oreFromSek } from '../../domain/money';
import { useEffect, useState } from 'react';
import type { TenderMethod } from '../../domain/tenders';
import { pendingSales } from './offline/counterStore';
import { ShiftCard } from './ShiftCard';
import { displayDay } from '../../domain/displayDates';
import { venueDateTime } from '../../domain/venueClock';

const sek = (v: number) => formatSek(oreFromSek(v));

/**
 * The operator summary (issue 18): what this user sold today, per ticket type, with fees, and the day's re-seat
 * differences (issue 38); its total is what the tenders below took less what they gave back. Printable: while it is
 * shown, printing the page prints this card alone on A4 (boxoffice.css, `body.printing-summary`), headed by the
 * operator's name and the time the figures were read.
 */
export function OperatorSummaryCard() {
  const summary = useGetBoxOfficeSummaryQuery(undefined, { refetchOnMountOrArgChange: true });
  const operator = useGetProfileQuery().data?.name;
  useEffect(() => {
    document.body.classList.add('printing-summary');
    return () => document.body.classList.remove('printing-summary');
  }, []);
  // Sales made offline and not yet sent are on this computer only: the server's summary does not have them yet.
  const [offline, setOffline] = useState({ tickets: 0, ore: 0, byTender: { cash: { sales: 0, ore: 0 }, card: { sales: 0, ore: 0 }, other: { sales: 0, ore: 0 } } as Record<TenderMethod, { sales: number; ore: number }> });
  useEffect(() => {
    void pendingSales().then((sales) => {
      const amount = (s: (typeof sales)[number]) => s.tickets.reduce((m, t) => m + t.totalOre, 0);
      const byTender = { cash: { sales: 0, ore: 0 }, card: { sales: 0, ore: 0 }, other: { sales: 0, ore: 0 } };
      for (const s of sales) {
        const t = byTender[s.paid?.method ?? s.tender?.method ?? 'other'];
        t.sales += 1;
        t.ore += amount(s);
      }
      setOffline({ tickets: sales.reduce((n, s) => n + s.tickets.length, 0), ore: sales.reduce((n, s) => n + amount(s), 0), byTender });
    });
  }, []);
  if (!summary.data) return null;
  const { rows, differences, totals, day, shift } = summary.data;
  // The day's re-seat differences are a line of their own: their count is moves, not tickets (docs/boxoffice.md).
  const lines = [...rows.map((r) => ({ ...r, counted: String(r.count) })),
    ...(differences ? [{ ...differences, counted: `${differences.count} move(s)` }] : []),
    { ...totals, counted: String(totals.count) }];
  return (
    <Card className="operator-summary" aria-label="Sold today">
      <div className="page-head">
        <h3>Sold today ({displayDay(day)})</h3>
        <Button icon="print" text="Print summary" onClick={() => window.print()} />
      </div>
      {summary.fulfilledTimeStamp ? <p className="summary-print-head">{operator} · figures of {venueDateTime(new Date(summary.fulfilledTimeStamp).toISOString())}</p> : null}
      {offline.tickets > 0 ? <p role="status">Offline, not yet sent: {offline.tickets} ticket(s), {formatSek(offline.ore)}</p> : null}
      {rows.length === 0 && !differences ? <p>Nothing sold today yet.</p> : (
        <HTMLTable compact striped aria-label="Sales per ticket type">
          <thead><tr><th>Ticket type</th><th>Tickets</th><th>Ticket sum</th><th>Service fees</th><th>Extra fees</th><th>Total</th></tr></thead>
          <tbody>
            {lines.map((r) => (
              <tr key={r.ticket_type}>
                <td>{r.ticket_type}</td><td>{r.counted}</td><td>{sek(r.tickets)}</td><td>{sek(r.service_fees)}</td><td>{sek(r.extra_fees)}</td><td>{sek(r.total)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <ShiftCard shift={shift} offline={offline.byTender} />
    </Card>
  );
}
