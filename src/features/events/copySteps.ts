import type { CopyConflict, CopyPairResult } from '../../contracts/events';
import { standingName } from '../../domain/places';

/** The copy wizard's steps and sub-steps (000 §4), in order. */
export const COPY_STEPS = ['Event Info', 'Ticket Types & Prices', 'Restrictions', 'Reservations', 'Shop'] as const;
/** Step 2's sub-steps in the user's words (what is being copied), not the wizard's internal stages. */
export const PRICE_SUB_STEPS = ['Preparing the copy', 'Reading the ticket types', 'Copying ticket types', 'Reading the seat map', 'Copying prices', 'Copying hidden seats', 'Done'] as const;

/** The copy's default name (editable in step 1): distinguishable from the original in every list. */
export function copyName(name: string): string {
  const base = name.trim();
  return base ? `${base} (copy)` : '';
}

export type StepStatus = 'waiting' | 'running' | 'done' | 'failed';

export interface CopyProgress {
  /** Status per step of COPY_STEPS. */
  steps: StepStatus[];
  /** Index into PRICE_SUB_STEPS reached by step 2 (-1 before it starts). */
  priceSubStep: number;
  /** A short result line per step ("3 ticket types", "0 reservations"). */
  notes: string[];
  newId: number | null;
  error: string | null;
  /** Step 5's products, one row each: "..." while copied, "copied", or "Error!". */
  shopRows: ShopRow[];
  /** Step 4's places of corporate reservations that the copy could not hold, one line each. */
  reservationConflicts: string[];
}

export type ShopRowState = 'waiting' | 'running' | 'copied' | 'failed';
export interface ShopRow {
  name: string;
  state: ShopRowState;
}

/** What a shop row shows beside its name (000 §4). */
export const SHOP_ROW_TEXT: Record<ShopRowState, string> = { waiting: '', running: '...', copied: 'copied', failed: 'Error!' };

export const initialProgress = (): CopyProgress => ({
  steps: COPY_STEPS.map(() => 'waiting'),
  priceSubStep: -1,
  notes: COPY_STEPS.map(() => ''),
  newId: null,
  error: null,
  shopRows: [],
  reservationConflicts: [],
});

/** Share of the whole copy that is done, 0..1 (each step one part; step 2's sub-steps split its part). */
export function copyShare(p: CopyProgress): number {
  const whole = p.steps.reduce((n, s, i) => {
    if (s === 'done') return n + 1;
    if (i === 1 && s === 'running') return n + Math.max(0, p.priceSubStep) / PRICE_SUB_STEPS.length;
    return n;
  }, 0);
  return whole / COPY_STEPS.length;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Step 4's result line: "2 reservations copied (5 seats)", with what an earlier run copied and what was not held. */
export function reservationsNote(r: Pick<CopyPairResult, 'reservations' | 'seats' | 'already_copied' | 'conflicts'>): string {
  const parts = [`${plural(r.reservations, 'reservation')} copied (${plural(r.seats, 'seat')})`];
  if (r.already_copied > 0) parts.push(`${r.already_copied} copied before`);
  if (r.conflicts.length > 0) parts.push(`${plural(r.conflicts.length, 'seat')} not copied`);
  return parts.join(', ');
}

const WHY: Record<CopyConflict['reason'], string> = {
  taken: 'already taken on the copy',
  leased: 'leased to a box-office counter',
  hidden: 'hidden on the copy',
  unpriced: 'not priced on the copy',
  no_free_place: 'no free place left in the section',
  not_on_map: "not on the copy's map",
  ticket_type_missing: 'the copy has no ticket type of that name',
};

/** One place that was not copied: where it is, whose it was, why. */
export function conflictLine(c: CopyConflict): string {
  const place = c.seat === null ? standingName(c.section) : `${c.section}, row ${c.row}, seat ${c.seat}`;
  return `${place} of “${c.reservation}” (#${c.reservation_id}): ${WHY[c.reason]}`;
}

/** What the finished copy says as it opens the copy's dashboard: "Event copied." and each step's result line. */
export function copiedMessage(p: Pick<CopyProgress, 'notes'>): string {
  const lines = p.notes.map((note, i) => (note ? `${COPY_STEPS[i]}: ${note}.` : '')).filter(Boolean);
  return ['Event copied.', ...lines].join(' ');
}

/** Places or shop items were left behind: the wizard stays open so its lists can be read before moving on. */
export function copyNeedsReview(p: Pick<CopyProgress, 'reservationConflicts' | 'shopRows'>): boolean {
  return p.reservationConflicts.length > 0 || p.shopRows.some((r) => r.state === 'failed');
}

