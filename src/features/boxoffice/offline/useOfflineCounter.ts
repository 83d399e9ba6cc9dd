import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { api } from '../../../api/api';
import { useRegisterCounterKeyMutation, useReplayOfflineSalesMutation } from '../../../api/offlineSalesApi';
import { venueMapApi } from '../../../api/venueMapApi';
import type { OfflineSaleBody } from '../../../contracts/offlineSales';
import type { SeatLease } from '../../../contracts/seatLeases';
import { offlineTicketQr, offlineTicketText } from '../../../domain/offlineTicket';
import { oreFromSek } from '../../../domain/money';
import type { TenderInput, TenderRow } from '../../../domain/tenders';
import { saleTotal } from '../saleSeats';
import { leaseKey, signText } from './counterKey';
import { loadKit, loadLeaseKey, loadSales, logSale, saveKit, updateSale, type CounterKit, type KitSeat, type LoggedSale } from './counterStore';
import { kitStandingBase, seatKey, standingLeft, unsoldSeats, type StandingLeft } from './leaseSeats';

/** What the online counter knows, from which the kit is saved. */
export interface OnlineCounter extends Pick<CounterKit, 'types' | 'defaultType' | 'bands' | 'extraFeeOre' | 'vat' | 'feesVat'> {
  info: { title: string; event: CounterKit['event'] } | undefined;
  lease: SeatLease | undefined;
  /** The standing areas' prices per ticket type (öre), by area name. */
  standingPrices: ReadonlyMap<string, { type: string; ore: number }[]>;
}

/** Standing places of a sale: `count` places of the lease's area, of one ticket type. */
export interface StandingPick { section: string; count: number; type: string }

export interface OfflineCounter {
  kit: CounterKit | undefined;
  log: LoggedSale[];
  /** The lease's seats not sold, counting offline sales. */
  unsold: KitSeat[];
  /** The lease's standing areas with their places not sold, counting offline sales. */
  standing: StandingLeft[];
  /** Whether this browser holds the lease's key (offline sales are signed with it). */
  canSign: boolean;
  /**
   * The running lease's key is registered by another browser (a lease takes one key): this counter cannot sell it
   * offline, and must say so while it is online.
   */
  keyElsewhere: boolean;
  replaying: boolean;
  sell(seats: KitSeat[], typeOf: (s: KitSeat) => string, tender: TenderInput, paid: TenderRow, standing?: StandingPick): Promise<LoggedSale>;
}

/** Sales per replay request (the batch route takes up to 50). */
const REPLAY_BATCH = 50;
/** A logged sale as the server takes it: its key, place in the log, signed tickets and tender. */
const replayBody = (sale: LoggedSale): OfflineSaleBody => ({
  key: sale.key, lease: sale.lease, seq: sale.seq, sold_at: sale.sold_at,
  tickets: sale.tickets.map(({ section, row, seat, place, ticket_type, signature }) => ({ section, row, seat, place, ticket_type, signature })),
  ...(sale.tender ? { tender: { method: sale.tender.method, given_ore: sale.tender.given_ore ?? null, reference: sale.tender.reference ?? null } } : {}),
});

// One replay at a time per counter, across remounts of the page.
const replays = new Map<number, Promise<void>>();

/**
 * The counter's offline side (issue 35; docs/boxoffice.md "Selling offline"). Online it keeps the kit in IndexedDB
 * (the lease's seats with their prices, the fees) and registers the lease's key; offline it sells from the kit,
 * logging each sale before its tickets print; back online it replays the log in order, each sale with its key, and
 * keeps each answer (applied, conflict) for the reconciliation.
 */
export function useOfflineCounter(reservationId: number, online: boolean, counter: OnlineCounter): OfflineCounter {
  const dispatch = useAppDispatch();
  const [kit, setKit] = useState<CounterKit | undefined>();
  const [log, setLog] = useState<LoggedSale[]>([]);
  const [canSign, setCanSign] = useState(false);
  const [keyElsewhereOf, setKeyElsewhereOf] = useState<number | null>(null);
  const [replaying, setReplaying] = useState(false);
  const [register] = useRegisterCounterKeyMutation();
  const [replayBatch] = useReplayOfflineSalesMutation();
  const reload = useCallback(async () => setLog(await loadSales(reservationId)), [reservationId]);

  useEffect(() => {
    void loadKit(reservationId).then(setKit);
    void reload();
  }, [reservationId, reload]);

  // Online with a lease: the lease's key is made and registered once, and the kit saved again on every change.
  const { info, lease, types, defaultType, bands, extraFeeOre, vat, feesVat, standingPrices } = counter;
  const leaseStamp = lease ? `${lease.id}:${lease.seats_left}:${lease.ends_at}:${lease.counter_key}:${lease.standing.map((a) => `${a.section_id}/${a.places}/${a.sold}`).join(',')}` : '';
  useEffect(() => {
    if (!online || !lease || !info) return;
    let cancelled = false;
    void (async () => {
      const key = await leaseKey(lease.id);
      if (lease.counter_key === null) {
        const res = await register({ reservationId, leaseId: lease.id, eventId: info.event.id, body: { public_key: key.publicKey } });
        // Another browser registered its key first (key_taken): the lease is read again with that key.
        if ('error' in res) return;
      }
      const elsewhere = lease.counter_key !== null && lease.counter_key !== key.publicKey;
      if (!cancelled) setKeyElsewhereOf(elsewhere ? lease.id : null);
      if (elsewhere) return; // the lease's key is on another device
      const sections = [...new Set(lease.seats.map((s) => s.section))];
      const details = await Promise.all(sections.map((section) => dispatch(venueMapApi.endpoints.getEventSection.initiate({ eventId: info.event.id, section }, { subscribe: false })).unwrap().catch(() => null)));
      const priced = new Map<string, { type: string; ore: number }[]>();
      for (const d of details) for (const r of d?.rows ?? []) for (const s of r.seats) priced.set(seatKey({ section: d!.name, row: r.name, seat: s.name }), s.prices.map((p) => ({ type: p.ticket_type.name, ore: oreFromSek(p.original_price) })));
      // The server's count of standing places sold includes this counter's replayed offline sales, which the log counts.
      const replayedPlaces = new Map<string, number>();
      for (const sale of await loadSales(reservationId)) {
        if (sale.status !== 'applied' || sale.lease !== lease.id) continue;
        for (const t of sale.tickets) if (t.row === undefined) replayedPlaces.set(t.section, (replayedPlaces.get(t.section) ?? 0) + 1);
      }
      const next: CounterKit = {
        reservationId, title: info.title, event: info.event, types, defaultType, bands, extraFeeOre, vat, feesVat, savedAt: new Date().toISOString(),
        lease: {
          id: lease.id, ends_at: lease.ends_at,
          seats: lease.seats.filter((s) => !s.sold).map((s) => ({ section: s.section, row: s.row, seat: s.seat, seat_index: s.seat_index, prices: priced.get(seatKey(s)) ?? [] })).filter((s) => s.prices.length > 0),
          standing: lease.standing.map((a) => ({ section: a.section, base: kitStandingBase(a, replayedPlaces.get(a.section) ?? 0), prices: standingPrices.get(a.section) ?? [] }))
            .filter((a) => a.base > 0 && a.prices.length > 0),
        },
      };
      await saveKit(next);
      if (!cancelled) setKit(next);
    })();
    return () => {
      cancelled = true;
    };
    // leaseStamp stands for the lease's content; the fees and types come with the counter's first answers.
  }, [online, leaseStamp, info, types, defaultType, bands, extraFeeOre, vat, feesVat, standingPrices, reservationId, register, dispatch]);

  // Offline sales are signed with the lease's key, kept in this browser only.
  useEffect(() => {
    if (kit) void loadLeaseKey(kit.lease.id).then((k) => setCanSign(Boolean(k)));
  }, [kit]);

  // The kit may be the last one saved: its seats sold offline since (sent or not) are not for sale.
  const unsold = useMemo(() => {
    const sold = new Set(log.filter((s) => s.status !== 'refused' && s.lease === kit?.lease.id).flatMap((s) => s.tickets.filter((t) => t.row !== undefined).map(seatKey)));
    return kit ? unsoldSeats(kit.lease.seats, sold) : [];
  }, [kit, log]);
  const standing = useMemo(() => standingLeft(kit?.lease.standing ?? [], log, kit?.lease.id), [kit, log]);

  const sell = useCallback(async (seats: KitSeat[], typeOf: (s: KitSeat) => string, tender: TenderInput, paid: TenderRow, pick?: StandingPick): Promise<LoggedSale> => {
    if (!kit) throw new Error('This counter has no lease to sell from offline.');
    const area = pick ? standing.find((a) => a.section === pick.section) : undefined;
    if (pick && (!area || area.left < pick.count)) throw new Error(`There are not ${pick.count} standing places left in your lease.`);
    const { privateKey } = await leaseKey(kit.lease.id);
    const key = crypto.randomUUID();
    // Seats, then standing places numbered within the sale (each place's QR code is its own).
    const lines = [
      ...seats.map((s) => ({ line: { section: s.section, row: s.row, seat: s.seat, ticket_type: typeOf(s) }, prices: s.prices })),
      ...(pick && area ? Array.from({ length: pick.count }, (_, k) => ({ line: { section: area.section, place: k + 1, ticket_type: pick.type }, prices: area.prices })) : []),
    ];
    const tickets = await Promise.all(lines.map(async ({ line, prices }) => {
      const text = offlineTicketText(kit.lease.id, key, line);
      const signature = await signText(privateKey, text);
      const priceOre = prices.find((p) => p.type === line.ticket_type)?.ore ?? prices[0]!.ore;
      return { ...line, signature, priceOre, qr: offlineTicketQr(text, signature), totalOre: saleTotal([priceOre], kit.bands, kit.extraFeeOre, kit.vat, kit.feesVat).totalOre };
    }));
    // Logged before anything prints: a sale is never on paper without being in the log.
    const logged = await logSale({ key, reservationId, lease: kit.lease.id, sold_at: new Date().toISOString(), tickets, tender, paid, status: 'pending' });
    await reload();
    return logged;
  }, [kit, standing, reservationId, reload]);

  // Back online: the log replays in order; a network failure stops it (the rest waits for the next time online).
  const pending = log.filter((s) => s.status === 'pending').length;
  const busy = useRef(false);
  useEffect(() => {
    if (!online || pending === 0 || busy.current) return;
    busy.current = true;
    setReplaying(true);
    const run = replays.get(reservationId) ?? (async () => {
      const pendingSales = (await loadSales(reservationId)).filter((s) => s.status === 'pending');
      // In batches of 50 (one request, one transaction each), in log order; each sale still once by its key.
      batches: for (let i = 0; i < pendingSales.length; i += REPLAY_BATCH) {
        const batch = pendingSales.slice(i, i + REPLAY_BATCH);
        const res = await replayBatch({ reservationId, body: { sales: batch.map(replayBody) } });
        if (!('data' in res) || !res.data) break; // no answer, 401, 403 or 5xx: the rest waits for the next time online
        for (const [k, sale] of batch.entries()) {
          const r = res.data.results[k];
          if (!r || r.key !== sale.key) break batches;
          if (r.status === 200 && r.sale) await updateSale({ ...sale, status: 'applied', answer: r.sale, replayedAt: r.sale.replayed_at });
          else if (r.status === 409 && r.sale) await updateSale({ ...sale, status: 'conflict', answer: r.sale, message: r.sale.message ?? undefined, replayedAt: r.sale.replayed_at });
          // Refused for good (a bad signature, a reused key, an unknown lease).
          else if ([404, 422].includes(r.status)) await updateSale({ ...sale, status: 'refused', message: r.error?.message ?? 'The server refused this sale.', replayedAt: new Date().toISOString() });
          else break batches;
        }
      }
    })().finally(() => replays.delete(reservationId));
    replays.set(reservationId, run);
    void run.then(async () => {
      busy.current = false;
      setReplaying(false);
      await reload();
      dispatch(api.util.invalidateTags([{ type: 'Reservation', id: reservationId }, { type: 'Reservation', id: `offline-${reservationId}` }, 'SeatLease']));
    });
  }, [online, pending, reservationId, replayBatch, reload, dispatch]);

  return { kit, log, unsold, standing, canSign, keyElsewhere: lease !== undefined && keyElsewhereOf === lease.id, replaying, sell };
}
