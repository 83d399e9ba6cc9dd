import { Button, Card, HTMLTable } from '@blueprintjs/core';
import { useGetBoxOfficeSummaryQuery } from '../../api/boxOfficeApi';
import { formatSek, oreFromSek } from '../../domain/money';
import { useEffect, useState } from 'react';
import { pendingSales } from './offline/counterStore';

const sek = (v: number) => formatSek(oreFromSek(v));

/** The operator summary (issue 18): what this user sold today, per ticket type, with fees; printable. */
export function OperatorSummaryCard() {
  const summary = useGetBoxOfficeSummaryQuery(undefined, { refetchOnMountOrArgChange: true });
  // Sales made offline and not yet sent are on this computer only: the server's summary does not have them yet.
  const [offline, setOffline] = useState({ tickets: 0, ore: 0 });
  useEffect(() => {
    void pendingSales().then((sales) => setOffline({
      tickets: sales.reduce((n, s) => n + s.tickets.length, 0),
      ore: sales.reduce((n, s) => n + s.tickets.reduce((m, t) => m + t.totalOre, 0), 0),
    }));
  }, []);
  if (!summary.data) return null;
  const { rows, totals, day } = summary.data;
  return (
    <Card className="operator-summary" aria-label="Sold today">
      <div className="page-head">
        <h3>Sold today ({day})</h3>
        <Button icon="print" text="Print summary" onClick={() => window.print()} />
      </div>
      {offline.tickets > 0 ? <p role="status">Offline, not yet sent: {offline.tickets} ticket(s), {formatSek(offline.ore)}</p> : null}
      {rows.length === 0 ? <p>Nothing sold today yet.</p> : (
        <HTMLTable compact striped aria-label="Sales per ticket type">
          <thead><tr><th>Ticket type</th><th>Tickets</th><th>Ticket sum</th><th>Service fees</th><th>Extra fees</th><th>Total</th></tr></thead>
          <tbody>
            {[...rows, totals].map((r) => (
              <tr key={r.ticket_type}>
                <td>{r.ticket_type}</td><td>{r.count}</td><td>{sek(r.tickets)}</td><td>{sek(r.service_fees)}</td><td>{sek(r.extra_fees)}</td><td>{sek(r.total)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </Card>
  );
}
