import { HTMLSelect, NonIdealState } from '@blueprintjs/core';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useParams } from 'react-router-dom';
import { useCounterUpdateMutation, useGetBoxOfficeAssignedQuery, useGetBoxOfficeTicketReferencesQuery } from '../../api/boxOfficeApi';
import { api } from '../../api/api';
import { errorCode, errorMessage } from '../../api/errorMessage';
import { useGetReservationQuery, useGetServiceFeesQuery } from '../../api/reservationsApi';
import { sessionHeaders } from '../../api/sessionHeaders';
import { useLiveSeatStates } from '../../api/useLiveSeatStates';
import { useGetEventSectionQuery, useGetEventSectionsQuery } from '../../api/venueMapApi';
import { RESERVATION_MESSAGES, type TicketItem, type TicketToReserve } from '../../contracts/reservations';
import { rankBlocks, bestAvailable } from '../../domain/bestAvailable';
import { formatSek, oreFromSek } from '../../domain/money';
import { standingName } from '../../domain/places';
import { serviceFeeBandToOre } from '../../domain/serviceFees';
import { SeatMap } from '../../seatmap/SeatMap';
import { useEventVenue, mapLoadFailedText } from '../../seatmap/useEventVenue';
import { useAppDispatch } from '../../app/hooks';
import { useSignedInProfile } from '../../api/useSessionProfile';
import type { SeatMapEngine } from '../../seatmap/SeatMapEngine';
import { SEAT_STATE_COLORS } from '../../seatmap/colors';
import { seatLocation } from '../../seatmap/seatDescription';
import { BackLink } from '../../ui/BackLink';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { RetryPanel } from '../../ui/RetryPanel';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { KeysOverlay } from './KeysOverlay';
import { PaymentStep } from './PaymentStep';
import { Receipt } from './Receipt';
import { TicketPrint } from './TicketPrint';
import { releaseMessage, type TenderInput, type TenderRow } from '../../domain/tenders';
import { LastAddedPanel, SelectionPanel, StandingSalePanel } from './SalePanels';
import { usePickableSeats } from '../../seatmap/usePickableSeats';
import { bestRows, isSellable, saleTotal, seatPriceOre, ticketLine, ticketPlace, typeOfKey, type SaleSeat } from './saleSeats';
import { afterMove, afterRelease, printedTicket, useSessionSales, withSale, type SessionSale } from './sessionSales';
import { LeasePanel } from './LeasePanel';
import { CounterReseatPanel } from './CounterReseatPanel';
import { leaseContent, useCounterLease } from './useCounterLease';
import { OfflineLogPanel } from './offline/OfflineLogPanel';
import { OfflinePrintView } from './offline/OfflinePrintView';
import { OfflineSaleView } from './offline/OfflineSaleView';
import { useOfflineCounter } from './offline/useOfflineCounter';
import { useServerReachable } from './offline/useServerReachable';
import { defaultTooltipText, type TooltipTarget } from '../../seatmap/SeatMapTooltip';
import { LEASE_LEGEND, pickLegend } from '../../seatmap/SeatMapLegend';
import './boxoffice.css';

const inMap = (t: EventTarget | null) => t instanceof Element && t.closest('.sale-map') !== null;
const typing = (t: EventTarget | null) => t instanceof HTMLElement && (['INPUT', 'SELECT', 'TEXTAREA'].includes(t.tagName) || t.isContentEditable);

/**
 * /boxoffice-app/{id}: the counter (001 §2 "Box-office app", §4; issue 18). The event's seat map in sale mode: a
 * click on a section opens it; seats are chosen by click, shift-click (row), rectangle or the map's keys, and the
 * keys of the counter work on the same selection: a digit proposes the best N seats of the section in view, a
 * letter sets their ticket type, Enter reserves, p prints 80 mm tickets. Other operators' sales arrive through the
 * pushed seat states (the map; their changes flash once) and by polling the section every 2 s (the prices and best available). docs/boxoffice.md.
 */
export function BoxOfficeSalePage() {
  const id = Number(useParams().id);
  const assigned = useGetBoxOfficeAssignedQuery();
  const info = assigned.data?.collection.find((r) => r.id === id);
  const reservation = useGetReservationQuery(id);
  const eventId = reservation.data?.event.id ?? 0;
  const map = useGetEventSectionsQuery(eventId, { skip: !eventId });
  const fees = useGetServiceFeesQuery(undefined);
  const refs = useGetBoxOfficeTicketReferencesQuery(id);
  const [update, updating] = useCounterUpdateMutation();
  const sections = useMemo(() => (map.data?.sections ?? []).filter((s) => !s.hidden && s.price_set !== null), [map.data]);
  const [sectionName, setSectionName] = useState('');
  const current = sections.find((s) => s.name === sectionName) ?? sections.find((s) => !s.general_admission) ?? sections[0];
  const detail = useGetEventSectionQuery({ eventId, section: current?.name ?? '' }, { skip: !current, pollingInterval: 2000 });
  const [attempt, setAttempt] = useState(0);
  const dispatch = useAppDispatch();
  const venueHeaders = useCallback(() => sessionHeaders(dispatch), [dispatch]);
  const venue = useEventVenue(eventId, venueHeaders, attempt);
  const live = useLiveSeatStates(eventId, map.data, map.refetch);
  const { taken, markOwn: markOwnSeats } = live;
  const lease = useCounterLease(eventId, id, live.changed.n);
  const engineRef = useRef<SeatMapEngine | null>(null);
  /**
   * The selection, one for the map and the keys: seats of the section in view as "row|seat" (so a proposal works
   * before the map has been read, and a map selection before the section's prices have arrived).
   */
  const [selKeys, setSelKeys] = useState<readonly string[]>([]);
  /** The section and seats ('row|seat') of this counter's last sale: a push saying they are taken is this counter's own, and they are not proposed again. */
  const selling = useRef<{ section: string; keys: ReadonlySet<string> }>({ section: '', keys: new Set() });
  const setSelected = useCallback((none: []) => setSelKeys(none), []);
  const [alt, setAlt] = useState(0);
  const [types, setTypes] = useState<ReadonlyMap<number, string>>(new Map());
  const [standing, setStanding] = useState({ count: 1, type: '' });
  // The sales of this tab, as they print (sessionSales.ts): the last one is "Last added seats", and offline the
  // counter can still print any of them (docs/boxoffice.md "Printing offline what was sold online").
  const operatorId = useSignedInProfile()?.id ?? 0;
  const session = useSessionSales(operatorId, id);
  const { change: changeSales, markPrinted } = session;
  const [lastSaleId, setLastSaleId] = useState<string | null>(null);
  const lastSale = session.sales.find((s) => s.id === lastSaleId);
  const lastAdded = useMemo(() => lastSale?.tickets.map((t) => t.item) ?? [], [lastSale]);
  const [printReady, setPrintReady] = useState(false);
  const [help, setHelp] = useState(false);
  /** The till step (issue 35): the tickets about to be sold and their total, until the payment is taken. */
  const [paying, setPaying] = useState<{ tickets: Omit<TicketToReserve, 'event'>[]; totalOre: number } | null>(null);

  const bands = useMemo(() => (fees.data?.collection ?? []).map(serviceFeeBandToOre), [fees.data]);
  const extraFeeOre = oreFromSek(info?.extra_fee ?? 0);
  const vat = info?.ticket_vat ?? 0;
  const feesVat = info?.fees_vat ?? vat;
  const ticketFees = useMemo(() => ({ bands, extraFeeOre, vat, feesVat }), [bands, extraFeeOre, vat, feesVat]);
  const typeNames = useMemo(() => (map.data?.ticket_types ?? []).map((t) => t.name), [map.data]);
  const defaultType = map.data?.ticket_types.find((t) => t.default)?.name ?? typeNames[0] ?? '';
  const model = venue.model;
  // Issue 35: with no server the counter sells from its lease (offline/); back online it replays its log.
  const reachable = useServerReachable();
  // The standing areas' prices per ticket type (öre), kept with the kit for the lease's standing places.
  const standingPrices = useMemo(() => new Map((map.data?.sections ?? []).filter((s) => s.general_admission && s.price_set !== null).map((s) =>
    [s.name, Object.entries(map.data!.price_sets[s.price_set!]?.prices ?? {}).map(([type, sek]) => ({ type, ore: oreFromSek(sek) }))] as const)), [map.data]);
  const offline = useOfflineCounter(id, reachable, { info, lease: lease.mine, types: typeNames, defaultType, bands, extraFeeOre, vat, feesVat, standingPrices });
  // Back from offline: what failed meanwhile (after a reload with no network, everything) is read again.
  const wasOffline = useRef(false);
  // The offline log's length when the network went: a sale logged since then is the counter's last sale, made and
  // printed offline, so "Last added seats" no longer names the last one (it would offer an older sale to release).
  const loggedWhenOffline = useRef(0);
  useEffect(() => {
    if (!reachable) {
      if (!wasOffline.current) loggedWhenOffline.current = offline.log.length;
      wasOffline.current = true;
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    if (offline.log.length > loggedWhenOffline.current) setLastSaleId(null);
    void assigned.refetch();
    void reservation.refetch();
    void fees.refetch();
    void refs.refetch();
    dispatch(api.util.invalidateTags(['SeatLease', 'Sections']));
    if (!venue.model) setAttempt((a) => a + 1);
    // Only the change of reachability matters here.
  }, [reachable]);
  const sectionIndex = map.data && current ? map.data.sections.findIndex((s) => s.name === current.name) : -1;
  // The section in view: its seats by "row|seat" in the map (seat index) and in the section answer (sale seat).
  const indexByKey = useMemo(() => {
    const out = new Map<string, number>();
    if (!model || sectionIndex < 0 || sectionIndex >= model.sectionCount) return out;
    for (let i = model.sectionFirstSeat[sectionIndex], end = i + model.sectionSeatCount[sectionIndex]; i < end; i++) {
      const at = seatLocation(model, i);
      out.set(`${at.row}|${at.seat}`, i);
    }
    return out;
  }, [model, sectionIndex]);
  const seatByKey = useMemo(() => new Map<string, SaleSeat>((detail.data?.rows ?? []).flatMap((r) => r.seats.map((s) => [`${r.name}|${s.name}`, s] as const))), [detail.data]);
  const chosen = useMemo(() => selKeys.map((k) => seatByKey.get(k)).filter((s): s is SaleSeat => s !== undefined && isSellable(s)), [selKeys, seatByKey]);
  const selection = useMemo(() => new Uint32Array(selKeys.map((k) => indexByKey.get(k)).filter((i): i is number => i !== undefined).sort((a, b) => a - b)), [selKeys, indexByKey]);
  const mapSeats = usePickableSeats(map.data, model, taken, lease.overlay);
  const markOwn = useCallback((items: readonly TicketItem[], isTaken: boolean) => {
    const seats = items.filter((i) => i.section === current?.name && i.row !== null && i.seat !== null).map((i) => indexByKey.get(`${i.row}|${i.seat}`)).filter((i): i is number => i !== undefined);
    // Drawn at once from the sale's answer (PERFORMANCE.md: reserve → seats drawn taken ≤ 150 ms), until pushed.
    markOwnSeats(seats, isTaken);
  }, [current, indexByKey, markOwnSeats]);
  // Test builds: what the counter hands the map, for the counter bench (bench/counter/counterBench.ts).
  useEffect(() => {
    if (typeof __EXPOSE_TEST_STATE__ === 'undefined' || !__EXPOSE_TEST_STATE__ || !mapSeats) return;
    (window as unknown as { __counter?: { seatColors: Uint32Array; takenColor: number } }).__counter = { seatColors: mapSeats.seatColors, takenColor: SEAT_STATE_COLORS.reservedOrBought };
  }, [mapSeats]);

  // Others' changes flash once; this counter's own sale does not (its seats are drawn taken from its answer).
  const flash = useMemo(() => {
    const own = selling.current.section === current?.name ? new Set([...selling.current.keys].map((k) => indexByKey.get(k))) : new Set<number | undefined>();
    const seats = live.changed.seats.filter((i) => !own.has(i));
    return seats.length === live.changed.seats.length ? live.changed : { seats, n: live.changed.n };
  }, [live.changed, current, indexByKey]);

  /** Seat ids of the section answer → the selection's keys (a proposal). */
  const keysOf = useCallback((ids: readonly number[]) => {
    const want = new Set(ids);
    return (detail.data?.rows ?? []).flatMap((r) => r.seats.filter((s) => want.has(s.id)).map((s) => `${r.name}|${s.name}`));
  }, [detail.data]);

  /** The map changed the selection: it stays in one section, the one of the seats just added (opened if need be). */
  const onMapSelection = useCallback((next: Uint32Array) => {
    if (!model || !map.data) return;
    const sectionOf = (i: number) => model.rowSection[model.seatRow[i]];
    const before = new Set(selection);
    const added = [...next].find((i) => !before.has(i));
    const target = sectionOf(added ?? next[0] ?? 0);
    const kept = next.filter((i) => sectionOf(i) === target);
    const name = map.data.sections[target]?.name;
    if (next.length && name && name !== current?.name && sections.some((s) => s.name === name)) {
      setSectionName(name);
      setTypes(new Map());
    }
    setSelKeys([...kept].map((i) => {
      const at = seatLocation(model, i);
      return `${at.row}|${at.seat}`;
    }));
  }, [model, map.data, selection, current, sections]);
  // Another operator took a seat this counter has selected: it leaves the selection, and the counter says which.
  // The seats of this counter's own sale in flight are not lost: the push of its commit can arrive before its answer.
  useEffect(() => {
    const lost = selKeys.filter((k) => {
      if (selling.current.section === current?.name && selling.current.keys.has(k)) return false;
      const i = indexByKey.get(k);
      return i !== undefined && live.changed.seats.includes(i) && taken.get(i) === true;
    });
    if (lost.length === 0) return;
    setSelKeys((keys) => keys.filter((k) => !lost.includes(k)));
    notifyDanger(`${RESERVATION_MESSAGES.seatTaken} ${lost.map((k) => `${current?.name ?? ''}, row ${k.split('|')[0]}, seat ${k.split('|')[1]}`).join('; ')}`);
    // Only a change pushed from others takes a selected seat.
  }, [live.changed]);
  const typeOf = useCallback((s: SaleSeat) => {
    const t = types.get(s.id) ?? defaultType;
    return s.prices.some((p) => p.ticket_type.name === t) ? t : s.prices[0]!.ticket_type.name;
  }, [types, defaultType]);
  const total = saleTotal(chosen.map((s) => seatPriceOre(s, typeOf(s)) ?? 0), bands, extraFeeOre, vat, feesVat);

  // Seats taken since the section was read (this counter's last sale, or a live change) are not free to sell, nor
  // are seats another counter leases (issue 35); nor the seats of this counter's last sale, even before its map has
  // loaded (no index to mark them by yet). Best available and the "seats free" line read the same rule.
  const readSection = detail.data?.name;
  const takenNow = useCallback((row: string, seat: string) => {
    if (selling.current.section === readSection && selling.current.keys.has(`${row}|${seat}`)) return true;
    const i = indexByKey.get(`${row}|${seat}`) ?? -1;
    return taken.get(i) === true || lease.overlay.others.has(i);
  }, [readSection, indexByKey, taken, lease.overlay]);

  const propose = useCallback((n: number, next: number) => {
    if (!detail.data) return;
    const rows = bestRows(detail.data).map((r, ri) => r.map((s, si) => (s.free && takenNow(detail.data!.rows[ri]!.name, detail.data!.rows[ri]!.seats[si]!.name) ? { ...s, free: false } : s)));
    const blocks = rankBlocks(rows, n, next + 1);
    const ids = blocks.length ? blocks[next % blocks.length]!.ids : bestAvailable(rows, n);
    if (!ids) notifyDanger(`There are not ${n} free seats in ${detail.data.name}.`);
    setSelKeys(keysOf(ids ?? []));
    setAlt(next);
  }, [detail.data, keysOf, takenNow]);

  const reserve = useCallback(async (tickets: Omit<TicketToReserve, 'event'>[], tender: TenderInput, paid: TenderRow) => {
    if (!eventId || tickets.length === 0) return;
    const before = new Set((reservation.data?.items ?? []).map((i) => i.id));
    // This sale's seats: kept until the next sale, since the push of its commit may come before or after its answer.
    const seated = tickets.filter((t) => t.row !== undefined && t.seat !== undefined);
    selling.current = { section: seated[0]?.section ?? '', keys: new Set(seated.map((t) => `${t.row}|${t.seat}`)) };
    const res = await update({ id, body: { tickets: tickets.map((t) => ({ ...t, event: eventId })), tender } });
    if ('error' in res) {
      selling.current = { section: '', keys: new Set() };
      notifyDanger(errorCode(res.error) === 'seat_taken' ? RESERVATION_MESSAGES.seatTaken : errorMessage(res.error, 'Error reserve seats'));
      void detail.refetch();
      return;
    }
    const added = res.data.items.filter((i) => !before.has(i.id));
    markOwn(added, true);
    setSelected([]);
    setTypes(new Map());
    setPaying(null);
    if (info) {
      // Everything it prints comes from the answer (its references too), so it prints even if the network goes now.
      const references = new Map((res.data.references ?? []).map((r) => [r.id, r.reference]));
      const prices = added.map((i) => oreFromSek(i.price));
      const sold = saleTotal(prices, bands, extraFeeOre, vat, feesVat);
      const sale: SessionSale = {
        id: crypto.randomUUID(), printed: false,
        tickets: added.map((i) => printedTicket(i, references.get(i.id), ticketFees)),
        receipt: {
          event: info.event, counter: info.title, soldAt: new Date().toISOString(), reference: `Reservation ${id}`, vat, feesVat,
          lines: added.map((i, k) => ({ label: ticketLine(i), totalOre: sold.lines[k]!.totalOre, ticket: { id: i.id, soldPlace: ticketPlace(i) } })),
          ticketsOre: prices.reduce((a, b) => a + b, 0), totalOre: sold.totalOre, tender: paid,
        },
      };
      changeSales((sales) => withSale(sales, sale));
      setLastSaleId(sale.id);
    }
    const change = paid.method === 'cash' && paid.change_ore ? `: change ${formatSek(paid.change_ore)}` : '';
    notifySuccess(`${tickets.reduce((n, t) => n + (t.count ?? 1), 0)} ticket(s) sold${change}.`);
  }, [eventId, id, reservation.data, update, detail, setSelected, markOwn, info, bands, extraFeeOre, vat, feesVat, ticketFees, changeSales]);

  /** Enter on a selection (or the standing stepper): the till step opens with the amount to pay. */
  const sellSelection = useCallback(() => {
    if (chosen.length === 0 || !detail.data) return;
    setPaying({ tickets: chosen.map((s) => ({ section: detail.data!.name, row: s.row, seat: s.name, ticket_type: typeOf(s) })), totalOre: total.totalOre });
  }, [chosen, detail.data, typeOf, total.totalOre]);
  // currentData: while another section's detail is still shown (`data` keeps the last answer), its count is not this one's.
  // Places other counters lease are not free here (issue 35); this counter's own lease is its to sell.
  const free = current?.general_admission
    ? Math.max(0, current.seats_count - (live.placesTaken.get(current.id) ?? detail.currentData?.stats.seats.taken ?? current.stats.seats.taken) - (lease.standingOthers.get(current.name) ?? 0))
    : 0;
  const standingType = standing.type || defaultType;
  const standingPriceOre = useMemo(() => {
    const set = current && current.price_set !== null ? map.data?.price_sets[current.price_set] : undefined;
    const sek = set?.prices[standingType] ?? set?.prices[defaultType];
    return sek === undefined ? null : oreFromSek(sek);
  }, [current, map.data, standingType, defaultType]);
  const standingCount = Math.min(standing.count, free);
  const standingTotal = saleTotal(Array.from({ length: Math.max(standingCount, 1) }, () => standingPriceOre ?? 0), bands, extraFeeOre, vat, feesVat);
  const sellStanding = useCallback(() => {
    if (!current || standingCount < 1) return;
    setPaying({ tickets: [{ section: current.name, count: standingCount, ticket_type: standingType }], totalOre: standingTotal.totalOre });
  }, [current, standingCount, standingType, standingTotal.totalOre]);

  const print = useCallback(() => {
    if (!printReady || !lastSaleId) return;
    markPrinted(lastSaleId);
    window.print();
  }, [printReady, lastSaleId, markPrinted]);

  const release = async () => {
    const res = await update({ id, body: { items: lastAdded.map((i) => ({ id: i.id, valid: false })) } });
    if ('error' in res) notifyDanger(errorMessage(res.error, 'error updating reservation'));
    else {
      markOwn(lastAdded, false);
      const back = res.data.released;
      notifySuccess(releaseMessage(back?.tickets ?? lastAdded.length, (back?.tenders ?? []).map((t) => ({ method: t.method, amountOre: oreFromSek(t.amount) }))));
      const released = new Set(lastAdded.map((i) => i.id));
      changeSales((sales) => afterRelease(sales, released));
      setLastSaleId(null);
    }
  };

  // The whole counter answers keys (not while typing in a field): digits, n, type letters, Enter, p, Escape, ?.
  // A layout effect: the listener with this render's state is in place in the same task as the render's commit, so a
  // key pressed as soon as the page shows a change (the tickets ready to print) acts on it; a passive effect ran a
  // task later, and a p pressed in between printed nothing.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!reachable || typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      // While the till step is open, its form has the keys; Escape from anywhere goes back to the seats.
      if (paying) {
        if (e.key === 'Escape') setPaying(null);
        return;
      }
      // While the key list is open the counter sells nothing; Escape closes it even before the dialog has focus.
      if (help) {
        if (e.key === 'Escape') setHelp(false);
        return;
      }
      if (e.key === '?') setHelp(true);
      else if (/^[1-9]$/.test(e.key) && current && !current.general_admission) propose(Number(e.key), 0);
      else if (e.key === 'n' && chosen.length) propose(chosen.length, alt + 1);
      else if (e.key === 'p') print();
      else if (e.key === 'Escape') setSelected([]);
      else if (e.key === 'Enter' && inMap(e.target)) return; // on the map Enter (and Space) toggles the seat in focus
      else if (e.key === 'Enter' && !(e.target instanceof HTMLButtonElement) && !(e.target instanceof HTMLTableRowElement)) {
        if (current?.general_admission) sellStanding();
        else if (chosen.length) sellSelection();
      } else {
        const t = typeOfKey(e.key, typeNames);
        if (!t) return;
        setTypes((prev) => new Map([...prev, ...chosen.filter((s) => s.prices.some((p) => p.ticket_type.name === t)).map((s) => [s.id, t] as const)]));
      }
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [reachable, help, paying, current, propose, alt, print, chosen, typeNames, sellSelection, sellStanding, setSelected]);

  // While tickets wait to be printed, printing this page prints them (boxoffice.css).
  useEffect(() => {
    document.body.classList.toggle('printing-tickets', lastAdded.length > 0);
    return () => document.body.classList.remove('printing-tickets');
  }, [lastAdded.length]);

  function openSection(name: string) {
    setSectionName(name);
    setSelKeys([]);
    setTypes(new Map());
    const s = map.data?.sections.findIndex((x) => x.name === name) ?? -1;
    // A standing area too: it is framed whole (SeatMapEngine.zoomToSection), as a seated section is framed at its seats.
    if (s >= 0) engineRef.current?.zoomToSection(s);
  }

  const leaseSelection = () => ({ seats: chosen.map((s) => ({ section: detail.data!.name, row: s.row, seat: s.name })) });
  const leaseChanged = () => setSelKeys([]);
  const tooltip = (target: TooltipTarget) => {
    const text = defaultTooltipText(target, { section: (s) => map.data?.sections[s]?.name ?? '', seat: (s) => seatLocation(model!, s) });
    const line = target.kind !== 'seat' ? undefined : lease.overlay.others.get(target.seat) ?? (lease.overlay.own.has(target.seat) ? 'Yours: leased to this counter' : undefined);
    return line ? <>{text}<div className="seat-leased-line">{line}</div></> : text;
  };

  if (!reachable && offline.kit) return <OfflineSaleView counter={offline} session={session} />;
  if (!reachable) return <OfflinePrintView reservationId={id} session={session} />;
  if (reservation.isError) return <NonIdealState icon="search" title="Reservation unknown" action={<BackLink to="/boxoffice-app" label="Assigned events" />} />;
  if (!reservation.data || !map.data || !info) return <LoadingSpinner label="Loading the counter" />;

  return (
    <div className="sale-page">
      <header>
        <BackLink to="/boxoffice-app" label="Assigned events" />
        <h2 className="page-title">{info.event.name}</h2>
        <p className="sale-keys">{info.title} · {reservation.data.items.length} ticket(s) sold · press ? for the keys</p>
        {offline.kit && offline.kit.lease.id === lease.mine?.id ? (
          <p role="status" className="offline-ready">
            Ready to sell offline: {leaseContent({ seats_left: offline.unsold.length, standing: offline.standing })} of your lease are kept on this computer.
          </p>
        ) : offline.keyElsewhere ? (
          <p role="status" className="offline-not-ready">
            Not ready to sell offline: your lease is kept on the computer that took it. If the network drops, this counter stops selling; sell from that computer, or hand the lease back and take it here.
          </p>
        ) : null}
      </header>
      <section aria-label="Seats">
        <HTMLSelect aria-label="Section" value={current?.name ?? ''} onChange={(e) => openSection(e.currentTarget.value)}
          options={sections.map((s) => ({ value: s.name, label: s.general_admission ? standingName(s.name) : s.name }))} />
        {detail.data && !current?.general_admission ? (
          <p role="status">{detail.data.rows.reduce((n, r) => n + r.seats.filter((x) => isSellable(x) && !takenNow(r.name, x.name)).length, 0)} seats free in {detail.data.name}</p>
        ) : null}
        {venue.error ? (
          <RetryPanel onRetry={() => setAttempt((a) => a + 1)} detail={mapLoadFailedText(venue.error)} />
        ) : model && mapSeats ? (
          <SeatMap
            className="sale-map"
            legendBelow
            model={model}
            index={venue.index}
            seatColors={mapSeats.seatColors}
            sectionColors={mapSeats.sectionColors}
            selectable={mapSeats.selectable}
            flash={flash}
            selected={selection}
            onSelectionChange={onMapSelection}
            renderTooltip={tooltip}
            legendMore={LEASE_LEGEND.counter}
            onSectionClick={({ section: s }) => {
              const name = map.data?.sections[s]?.name;
              if (name && sections.some((x) => x.name === name)) openSection(name);
            }}
            onReady={(engine) => {
              engineRef.current = engine;
              // Open on the section in view, so its seats (and a proposal) show.
              if (sectionIndex >= 0) engine.zoomToSection(sectionIndex);
            }}
            selectedSection={sectionIndex}
            {...pickLegend('For sale')}
            ariaLabel={`Seat map of ${info.event.name}`}
          />
        ) : (
          <LoadingSpinner label="Reading the venue map" />
        )}
        {current?.general_admission ? (
          <StandingSalePanel name={current.name} free={free} count={Math.min(standing.count, Math.max(free, 1))} types={typeNames} type={standingType} busy={updating.isLoading}
            priceOre={standingPriceOre === null ? null : standingTotal.lines[0]?.totalOre ?? null} totalOre={standingTotal.totalOre}
            onCount={(count) => setStanding((s) => ({ ...s, count }))} onType={(type) => setStanding((s) => ({ ...s, type }))} onReserve={sellStanding} />
        ) : null}
      </section>
      <aside>
        {paying ? (
          <PaymentStep totalOre={paying.totalOre} count={paying.tickets.reduce((n, t) => n + (t.count ?? 1), 0)} busy={updating.isLoading}
            onPay={(tender, row) => void reserve(paying.tickets, tender, row)} onCancel={() => setPaying(null)} />
        ) : null}
        {current?.general_admission ? null : (
          <SelectionPanel seats={chosen} types={typeNames} typeOf={typeOf} total={total} extraFeeOre={extraFeeOre} vatPercent={vat} feesVatPercent={feesVat} busy={updating.isLoading}
            onType={(s, t) => setTypes((prev) => new Map(prev).set(s.id, t))} onReserve={sellSelection} />
        )}
        <LeasePanel lease={lease.mine} selected={chosen.length} section={current && !current.general_admission ? current.name : null}
          area={current?.general_admission ? current.name : null} areaFree={free} busy={lease.busy}
          onTake={(what, endsAt) => void lease.take(what === 'selection' ? leaseSelection() : 'best' in what ? { best: [{ count: what.best, section: current!.name }] } : { standing: [{ section: current!.name, count: what.places }] }, endsAt).then(leaseChanged)}
          onStanding={(change, count) => void (change === 'add' ? lease.widen : lease.shrink)({ standing: [{ section: current!.name, count }] })}
          onWiden={() => void lease.widen(leaseSelection()).then(leaseChanged)} onShrink={() => void lease.shrink(leaseSelection()).then(leaseChanged)}
          onHandBack={() => void lease.handBack()} />
        <CounterReseatPanel reservationId={id} tickets={reservation.data.items} serviceFeeBands={bands}
          to={chosen.length === 1 && detail.data ? { section: detail.data.name, row: chosen[0]!.row, seat: chosen[0]!.name, priceOf: (t) => seatPriceOre(chosen[0]!, t) } : undefined}
          onMoving={() => setSelected([])}
          onMoved={(from, to, paid) => {
            markOwn([from], false);
            markOwn([to], true);
            // Its sale prints the new seat, and a reprint of its receipt names the seat it has now and the one it was sold on.
            changeSales((sales) => afterMove(sales, to, ticketFees));
            if (paid && info) {
              // A dearer move was paid at the till: its receipt prints with the moved ticket (docs/boxoffice.md "Re-seat").
              const sale: SessionSale = {
                id: crypto.randomUUID(), printed: false,
                tickets: [printedTicket(to, refs.data?.collection.find((r) => r.id === to.id)?.reference, ticketFees)],
                receipt: {
                  event: info.event, counter: info.title, soldAt: new Date().toISOString(), reference: `Reservation ${id}`, vat, feesVat,
                  lines: [{ label: paid.label, totalOre: paid.increaseOre }, ...(paid.serviceFeeOre > 0 ? [{ label: 'Service fee difference', totalOre: paid.serviceFeeOre }] : [])],
                  ticketsOre: paid.increaseOre, totalOre: paid.tender.total_ore, tender: paid.tender,
                },
              };
              changeSales((sales) => withSale(sales, sale));
              setLastSaleId(sale.id);
            }
          }} />
        <OfflineLogPanel log={offline.log} />
        <LastAddedPanel items={lastAdded} printed={lastSale?.printed ?? false} ready={printReady} busy={updating.isLoading} onPrint={print} onRelease={release} />
      </aside>
      <KeysOverlay isOpen={help} onClose={() => setHelp(false)} types={typeNames} />
      {createPortal(
        <div className="ticket-print-host">
          <TicketPrint tickets={lastSale?.tickets ?? []} event={info.event} reservationId={id} onReady={setPrintReady} />
          {lastSale ? <Receipt sale={lastSale.receipt} /> : null}
        </div>,
        document.body,
      )}
    </div>
  );
}
