import { Button, Callout, Card, HTMLSelect } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { formatSek } from '../../../domain/money';
import { notifyDanger, notifySuccess } from '../../../ui/notify';
import type { TenderInput, TenderRow } from '../../../domain/tenders';
import { PaymentStep } from '../PaymentStep';
import { Receipt } from '../Receipt';
import { saleTotal, typeKey, typeOfKey } from '../saleSeats';
import type { KitSeat, LoggedSale } from './counterStore';
import { pickLeaseSeats, placeLabel, seatKey } from './leaseSeats';
import { OfflineLeaseMap } from './OfflineLeaseMap';
import { venueTime } from '../../../domain/venueClock';
import { OfflineLogPanel } from './OfflineLogPanel';
import { OfflineStandingList } from './OfflineStandingList';
import { OfflineTicketPrint } from './OfflineTicketPrint';
import type { SessionSales } from '../sessionSales';
import { SessionSalePrint, SessionSalesCard } from './SessionSalesCard';
import { usePrintWhenReady } from './usePrintWhenReady';
import type { OfflineCounter, StandingPick } from './useOfflineCounter';

const inMap = (t: EventTarget | null) => t instanceof Element && t.closest('.sale-map') !== null;
const typing = (t: EventTarget | null) => t instanceof HTMLElement && (['INPUT', 'SELECT', 'TEXTAREA'].includes(t.tagName) || t.isContentEditable);

/**
 * The counter with no server (issue 35; docs/boxoffice.md "Selling offline"): it sells only the seats of its own lease,
 * picked on the stored map (the rest of the venue dimmed), from the lease's seat list or with the counter's keys (a
 * digit proposes the best N seats of the lease, a letter sets the ticket type, Enter sells, p prints), and the standing
 * places of its lease by number; it logs each sale before its tickets print, and lists the log.
 */
export function OfflineSaleView({ counter, session }: { counter: OfflineCounter; session: SessionSales }) {
  const { kit, unsold, standing, log, canSign } = counter;
  // One sale at a time in the print host: the last offline sale ("offline:<key>") or an online sale of this tab
  // ("online:<id>", docs/boxoffice.md "Printing offline what was sold online").
  const { markPrinted } = session;
  const { shown, show, print: printSale, onReady } = usePrintWhenReady(useCallback((key: string) => {
    if (key.startsWith('online:')) markPrinted(key.slice('online:'.length));
  }, [markPrinted]));
  /** A sale of standing places of the lease, while its till step is open (else the sale is the selected seats). */
  const [standingPick, setStandingPick] = useState<StandingPick | null>(null);
  const [selected, setSelected] = useState<readonly string[]>([]);
  const [type, setType] = useState('');
  const [last, setLast] = useState<LoggedSale | undefined>();
  const [busy, setBusy] = useState(false);
  /** The till step (issue 35): open from Enter until the payment is taken (or Escape). */
  const [paying, setPaying] = useState(false);
  const byKey = useMemo(() => new Map(unsold.map((s) => [seatKey(s), s])), [unsold]);
  const chosen = selected.map((k) => byKey.get(k)).filter((s): s is KitSeat => s !== undefined);
  // One array a selection (the map is handed a new one only when it changes).
  const chosenOnMap = useMemo(() => selected.map((k) => byKey.get(k)?.seat_index).filter((i): i is number => i !== undefined), [selected, byKey]);
  const typeOf = useCallback((s: KitSeat) => (s.prices.some((p) => p.type === type) ? type : s.prices.find((p) => p.type === kit?.defaultType)?.type ?? s.prices[0]!.type), [type, kit]);
  const pickedArea = standingPick ? standing.find((a) => a.section === standingPick.section) : undefined;
  const prices = pickedArea && standingPick
    ? Array.from({ length: standingPick.count }, () => pickedArea.prices.find((p) => p.type === standingPick.type)?.ore ?? pickedArea.prices[0]!.ore)
    : chosen.map((s) => s.prices.find((p) => p.type === typeOf(s))!.ore);
  const total = kit ? saleTotal(prices, kit.bands, kit.extraFeeOre, kit.vat, kit.feesVat) : null;

  const propose = useCallback((n: number) => {
    const seats = pickLeaseSeats(unsold, n);
    if (!seats) notifyDanger(`There are not ${n} seats left in your lease.`);
    setSelected((seats ?? []).map(seatKey));
  }, [unsold]);
  // A lease that has ended is no longer this counter's: its seats may be sold elsewhere by now.
  const ended = kit ? Date.parse(kit.lease.ends_at) <= Date.now() : true;
  const canSell = (chosen.length > 0 || standingPick !== null) && !busy && !ended && canSign;
  const sell = useCallback(async (tender: TenderInput, paid: TenderRow) => {
    if (!canSell) return;
    setBusy(true);
    try {
      const sale = standingPick ? await counter.sell([], typeOf, tender, paid, standingPick) : await counter.sell(chosen, typeOf, tender, paid);
      setLast(sale);
      show(`offline:${sale.key}`);
      setSelected([]);
      setStandingPick(null);
      setPaying(false);
      notifySuccess(`${sale.tickets.length} ticket(s) sold offline: print them now (p).`);
    } catch (err) {
      notifyDanger(`The sale could not be logged: ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  }, [canSell, chosen, counter, typeOf, standingPick, show]);
  const closeTill = useCallback(() => {
    setPaying(false);
    setStandingPick(null);
  }, []);
  const sellStanding = (section: string, count: number) => {
    const area = standing.find((a) => a.section === section);
    if (!area || !kit) return;
    // The ticket type chosen, when the area has a price for it; else the default type's, else its first.
    const wanted = type || kit.defaultType;
    const pickType = area.prices.some((p) => p.type === wanted) ? wanted : area.prices.find((p) => p.type === kit.defaultType)?.type ?? area.prices[0]!.type;
    setSelected([]);
    setStandingPick({ section, count, type: pickType });
    setPaying(true);
  };
  const onMapSelect = useCallback((seats: KitSeat[]) => setSelected(seats.map(seatKey)), []);
  // p prints what the print host shows: the last offline sale, or an online sale chosen to print; else the tab's last online sale.
  const newestOnline = session.sales.at(-1);
  const shownKey = shown ?? (newestOnline ? `online:${newestOnline.id}` : null);
  const print = useCallback(() => {
    if (shownKey) printSale(shownKey);
  }, [shownKey, printSale]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typing(e.target) || e.ctrlKey || e.metaKey || e.altKey || e.target instanceof HTMLButtonElement) return;
      if (paying) {
        if (e.key === 'Escape') closeTill();
        return;
      }
      if (e.key === 'Enter' && inMap(e.target)) return; // on the map Enter (and Space) toggles the seat in focus
      if (/^[1-9]$/.test(e.key)) propose(Number(e.key));
      else if (e.key === 'Enter') setPaying(canSell);
      else if (e.key === 'p') print();
      else if (e.key === 'Escape') setSelected([]);
      else {
        const t = typeOfKey(e.key, kit?.types ?? []);
        if (!t) return;
        setType(t);
      }
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [propose, paying, canSell, print, kit, closeTill]);

  const onlineShown = session.sales.find((s) => `online:${s.id}` === shown);
  const lastShown = last && shown === `offline:${last.key}` ? last : undefined;
  useEffect(() => {
    document.body.classList.toggle('printing-tickets', Boolean(onlineShown ?? lastShown));
    return () => document.body.classList.remove('printing-tickets');
  }, [onlineShown, lastShown]);

  if (!kit) return null;
  const placesLeft = standing.reduce((n, a) => n + a.left, 0);
  const rows = new Map<string, KitSeat[]>();
  for (const s of unsold) rows.set(`${s.section}, row ${s.row}`, [...(rows.get(`${s.section}, row ${s.row}`) ?? []), s]);
  const toggle = (k: string) => setSelected((sel) => (sel.includes(k) ? sel.filter((x) => x !== k) : [...sel, k]));

  return (
    <div className="sale-page">
      <header>
        <h2 className="page-title">{kit.event.name}</h2>
        <Callout intent="warning" icon="offline" role="alert" title={`Offline: selling from your lease (${unsold.length} seats left)`}>
          The server cannot be reached. This counter sells only the seats of its lease until{' '}
          {venueTime(kit.lease.ends_at)}; each sale is
          kept on this computer and sent when the server is back.
          {standing.length ? ` It also sells the ${placesLeft} standing place(s) left in its lease.` : ' Standing places are not available offline: this lease holds none.'}
          {canSign ? null : ' This browser does not hold the lease\'s signing key: tickets cannot be sold offline here.'}
          {ended ? ' The lease has ended: nothing more can be sold offline.' : null}
        </Callout>
        <p className="sale-keys">{kit.title} · digits propose seats, a letter sets the ticket type, Enter sells, p prints</p>
      </header>
      <section aria-label="Leased seats">
        <OfflineLeaseMap event={kit.event} leaseSeats={kit.lease.seats} unsold={unsold} selected={chosenOnMap} onSelect={onMapSelect} />
        <h3>Your lease</h3>
        <div className="offline-seats">
          {[...rows.entries()].map(([name, seats]) => (
            <div className="offline-row" key={name}>
              <span className="offline-row-name">{name}</span>
              {seats.map((s) => (
                <Button key={s.seat} small text={s.seat} aria-label={`${name}, seat ${s.seat}`} aria-pressed={selected.includes(seatKey(s))}
                  intent={selected.includes(seatKey(s)) ? 'primary' : 'none'} onClick={() => toggle(seatKey(s))} />
              ))}
            </div>
          ))}
        </div>
        <OfflineStandingList areas={standing} disabled={busy || ended || !canSign || paying} onSell={sellStanding} />
      </section>
      <aside>
        {paying && total ? (
          <PaymentStep totalOre={total.totalOre} count={standingPick?.count ?? chosen.length} busy={busy} sellLabel="Take payment and sell offline"
            onPay={(t, row) => void sell(t, row)} onCancel={closeTill} />
        ) : null}
        <Card aria-label="Selected seats">
          <h3>Selected seats</h3>
          <HTMLSelect aria-label="Ticket type" value={type || kit.defaultType} onChange={(e) => setType(e.currentTarget.value)}
            options={kit.types.map((t, i) => ({ value: t, label: `${t} (${typeKey(i)})` }))} />
          <p>{chosen.length === 0 ? 'Type a number of seats (1–9).' : chosen.map((s) => `${s.section}, row ${s.row}, seat ${s.seat}`).join('; ')}</p>
          <dl className="sale-summary" aria-label="Calculator">
            <dt>Total</dt><dd><strong aria-label="Total">{formatSek(total?.totalOre ?? 0)}</strong></dd>
          </dl>
          <Button intent="primary" text="Sell offline (Enter)" disabled={!canSell || paying} loading={busy} onClick={() => setPaying(true)} />
        </Card>
        {last ? (
          <Card aria-label="Last sale">
            <h3>Last sale</h3>
            <p>{last.tickets.length} ticket(s), offline sale {last.seq}</p>
            <Button icon="print" text="Print tickets" onClick={() => printSale(`offline:${last.key}`)} />
          </Card>
        ) : null}
        <OfflineLogPanel log={log} />
        <SessionSalesCard sales={session.sales} onPrint={(id) => printSale(`online:${id}`)} />
      </aside>
      {createPortal(
        <div className="ticket-print-host">
          {onlineShown ? <SessionSalePrint key={shown} sale={onlineShown} reservationId={kit.reservationId} onReady={onReady} /> : null}
          {lastShown ? <OfflineTicketPrint key={shown} sale={lastShown} kit={kit} onReady={onReady} /> : null}
          {lastShown?.paid ? (
            <Receipt sale={{
              event: kit.event, counter: kit.title, soldAt: lastShown.sold_at, reference: `Offline sale ${lastShown.seq}`, vat: kit.vat, feesVat: kit.feesVat,
              lines: lastShown.tickets.map((t) => ({ label: `${placeLabel(t)} · ${t.ticket_type}`, totalOre: t.totalOre })),
              ticketsOre: lastShown.tickets.reduce((n, t) => n + (t.priceOre ?? 0), 0),
              totalOre: lastShown.paid.total_ore, tender: lastShown.paid,
            }} />
          ) : null}
        </div>,
        document.body,
      )}
    </div>
  );
}
