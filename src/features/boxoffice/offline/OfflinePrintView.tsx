import { Callout } from '@blueprintjs/core';
import { useCallback, useEffect } from 'react';
import { createPortal } from 'react-dom';
import type { SessionSales } from '../sessionSales';
import { SessionSalePrint, SessionSalesCard } from './SessionSalesCard';
import { usePrintWhenReady } from './usePrintWhenReady';

const typing = (t: EventTarget | null) => t instanceof HTMLElement && (['INPUT', 'SELECT', 'TEXTAREA'].includes(t.tagName) || t.isContentEditable);

/**
 * The counter with no server and no lease to sell from (docs/boxoffice.md "Printing offline what was sold online"):
 * it sells nothing, and prints (or reprints) the tickets and receipts of this tab's online sales; p prints the last.
 */
export function OfflinePrintView({ reservationId, session }: { reservationId: number; session: SessionSales }) {
  const { sales, markPrinted } = session;
  const printing = usePrintWhenReady(markPrinted);
  const { print } = printing;
  const newest = sales.at(-1);
  const shown = sales.find((s) => s.id === printing.shown);
  const printLast = useCallback(() => newest && print(newest.id), [newest, print]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'p' || typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      e.preventDefault();
      printLast();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [printLast]);
  useEffect(() => {
    document.body.classList.toggle('printing-tickets', Boolean(shown));
    return () => document.body.classList.remove('printing-tickets');
  }, [shown]);

  return (
    <div className="sale-page sale-page-offline-print">
      <header>
        <h2 className="page-title">{newest?.receipt.event.name ?? 'Box office counter'}</h2>
        <Callout intent="warning" icon="offline" role="alert" title="Offline: this counter cannot sell">
          The server cannot be reached and this counter holds no lease to sell from offline. Selling resumes when the
          server is back. What was sold online in this tab can still be printed, below.
        </Callout>
        {newest ? <p className="sale-keys">{newest.receipt.counter} · p prints the last sale</p> : null}
      </header>
      <section aria-label="Printing offline">
        <SessionSalesCard sales={sales} onPrint={print} />
      </section>
      {createPortal(
        <div className="ticket-print-host">
          {shown ? <SessionSalePrint key={shown.id} sale={shown} reservationId={reservationId} onReady={printing.onReady} /> : null}
        </div>,
        document.body,
      )}
    </div>
  );
}
