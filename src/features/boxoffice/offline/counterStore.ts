import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OfflineSale } from '../../../contracts/offlineSales';
import type { ServiceFeeBand } from '../../../domain/serviceFees';
import type { TenderInput, TenderRow } from '../../../domain/tenders';

/**
 * What the counter keeps in IndexedDB to sell with no server (issue 35; docs/boxoffice.md "Selling offline"): the kit
 * (its event, its lease's seats with their prices, the fees), its signing key per lease (a non-extractable CryptoKey:
 * the private key never leaves the browser), and the log of offline sales, written before a ticket is printed.
 * `idb` is used only here.
 */
export interface KitSeat {
  section: string;
  row: string;
  seat: string;
  seat_index: number;
  /** Ticket types this seat is priced for, öre. */
  prices: { type: string; ore: number }[];
}

/** A standing area of the lease (issue 35): its places not sold online when the kit was saved, and its prices. */
export interface KitStanding {
  section: string;
  /** The lease's places of the area less those sold online (places sold offline are counted from the log). */
  base: number;
  prices: { type: string; ore: number }[];
}

export interface CounterKit {
  reservationId: number;
  title: string;
  event: { id: number; name: string; start_date: string; venue: string };
  /** `standing` is absent in kits saved before leases held standing places. */
  lease: { id: number; ends_at: string; seats: KitSeat[]; standing?: KitStanding[] };
  types: string[];
  defaultType: string;
  bands: ServiceFeeBand[];
  extraFeeOre: number;
  vat: number;
  feesVat: number;
  savedAt: string;
}

/** A seat (row and seat), or a standing place of the lease (no row: `place`, its number within the sale). */
export interface LoggedTicket {
  section: string;
  row?: string;
  seat?: string;
  place?: number;
  ticket_type: string;
  signature: string;
  /** What the QR code carries: the signed text and its signature. */
  qr: string;
  totalOre: number;
  /** The ticket's price without fees (the receipt's VAT lines); absent in logs written before tenders. */
  priceOre?: number;
}

export interface LoggedSale {
  key: string;
  reservationId: number;
  lease: number;
  seq: number;
  sold_at: string;
  tickets: LoggedTicket[];
  /** How the customer paid (issue 35): what is sent with the replay, and the row the receipt printed. */
  tender?: TenderInput;
  paid?: TenderRow;
  /** pending: not yet sent; applied or conflict: the server's answer; refused: the server would not take it (its message). */
  status: 'pending' | 'applied' | 'conflict' | 'refused';
  answer?: OfflineSale;
  message?: string;
  replayedAt?: string;
}

interface CounterDb extends DBSchema {
  kits: { key: number; value: CounterKit };
  keys: { key: number; value: { leaseId: number; privateKey: CryptoKey; publicKey: string } };
  sales: { key: string; value: LoggedSale; indexes: { byReservation: number } };
}

let opened: Promise<IDBPDatabase<CounterDb>> | null = null;
const db = () => (opened ??= openDB<CounterDb>('arena-counter', 1, {
  upgrade(d) {
    d.createObjectStore('kits', { keyPath: 'reservationId' });
    d.createObjectStore('keys', { keyPath: 'leaseId' });
    d.createObjectStore('sales', { keyPath: 'key' }).createIndex('byReservation', 'reservationId');
  },
}));

export const saveKit = async (kit: CounterKit) => void (await (await db()).put('kits', kit));
export const loadKit = async (reservationId: number) => (await db()).get('kits', reservationId);
export const saveLeaseKey = async (leaseId: number, privateKey: CryptoKey, publicKey: string) => void (await (await db()).put('keys', { leaseId, privateKey, publicKey }));
export const loadLeaseKey = async (leaseId: number) => (await db()).get('keys', leaseId);

/** The counter's log, in its order. */
export async function loadSales(reservationId: number): Promise<LoggedSale[]> {
  return (await (await db()).getAllFromIndex('sales', 'byReservation', reservationId)).sort((a, b) => a.seq - b.seq);
}
/** Every counter's sales not yet sent (the shift summary). */
export async function pendingSales(): Promise<LoggedSale[]> {
  return (await (await db()).getAll('sales')).filter((s) => s.status === 'pending');
}
/** Adds a sale to the log; its seq is the next of the counter's, taken in the same IndexedDB transaction. */
export async function logSale(sale: Omit<LoggedSale, 'seq'>): Promise<LoggedSale> {
  const tx = (await db()).transaction('sales', 'readwrite');
  const mine = await tx.store.index('byReservation').getAll(sale.reservationId);
  const logged = { ...sale, seq: mine.reduce((m, s) => Math.max(m, s.seq), 0) + 1 };
  await tx.store.add(logged);
  await tx.done;
  return logged;
}
export const updateSale = async (sale: LoggedSale) => void (await (await db()).put('sales', sale));
