import { formatSek, parseAmountToOre } from './money';
import { vatRow } from './vat';

/**
 * How a counter sale is paid (issue 35: "A counter sale takes a payment, as a till does"; docs/boxoffice.md "Paying
 * at the counter"). Money in öre. The same rules are CHECK constraints of 260_counter_tenders.sql; these give the
 * operator the words before the server is asked.
 */
export type TenderMethod = 'cash' | 'card' | 'other';
export const TENDER_METHODS: readonly TenderMethod[] = ['cash', 'card', 'other'];
export const TENDER_LABELS: Record<TenderMethod, string> = { cash: 'Cash', card: 'Card', other: 'Other' };

/** What the counter sends with a sale: cash with the amount given (none = the exact amount), card with its reference. */
export interface TenderInput {
  method: TenderMethod;
  given_ore?: number | null;
  reference?: string | null;
}

/** A tender as stored: the row of counter_tenders for a sale of `total_ore`. */
export interface TenderRow {
  method: TenderMethod;
  total_ore: number;
  given_ore: number | null;
  change_ore: number | null;
  reference: string | null;
}

export const TENDER_MESSAGES = {
  givenRequired: 'Enter the amount given.',
  givenInvalid: 'Enter an amount in SEK, e.g. 500 or 499,50.',
  givenTooLow: (totalOre: number) => `The amount given is less than the total (${formatSek(totalOre)}).`,
  referenceRequired: 'Enter the card terminal\'s reference.',
  referenceTooLong: 'At most 60 characters.',
} as const;

/** The change due for cash: given − total; negative when the customer has not given enough. */
export const changeDue = (totalOre: number, givenOre: number): number => givenOre - totalOre;

/** The amount given as typed at the counter ("500", "499,50"); empty = the exact amount. */
export function parseGiven(text: string, totalOre: number): { ore: number } | { error: string } {
  if (text.trim() === '') return { ore: totalOre };
  const ore = parseAmountToOre(text);
  if (ore === null || ore < 0) return { error: TENDER_MESSAGES.givenInvalid };
  return { ore };
}

/**
 * The tender's row for a sale of `totalOre`, or the message that refuses it: cash given below the total, a card
 * payment with no reference, a reference over 60 characters. Cash with no amount given is the exact amount.
 */
export function tenderRow(tender: TenderInput, totalOre: number): TenderRow | { error: string; field: 'given' | 'reference' } {
  const reference = tender.reference?.trim() || null;
  if (reference !== null && reference.length > 60) return { error: TENDER_MESSAGES.referenceTooLong, field: 'reference' };
  if (tender.method === 'cash') {
    const given = tender.given_ore ?? totalOre;
    if (!Number.isSafeInteger(given) || given < 0) return { error: TENDER_MESSAGES.givenInvalid, field: 'given' };
    if (changeDue(totalOre, given) < 0) return { error: TENDER_MESSAGES.givenTooLow(totalOre), field: 'given' };
    return { method: 'cash', total_ore: totalOre, given_ore: given, change_ore: changeDue(totalOre, given), reference: null };
  }
  if (tender.method === 'card' && reference === null) return { error: TENDER_MESSAGES.referenceRequired, field: 'reference' };
  return { method: tender.method, total_ore: totalOre, given_ore: null, change_ore: null, reference };
}

export const isTenderError = (r: ReturnType<typeof tenderRow>): r is { error: string; field: 'given' | 'reference' } => 'error' in r;

/** A shift's cash: what the drawer should hold and how far the count is from it (counted − expected; negative = short). */
export function cashDifference(expectedOre: number, countedOre: number): number {
  return countedOre - expectedOre;
}

/** A VAT line of the receipt: the rate, the amount excluding VAT and the VAT, öre. */
export interface ReceiptVatLine { ratePercent: number; exclOre: number; vatOre: number }

/**
 * The receipt's VAT lines of a sale (001 §9, as the calculator and the sale's items): the tickets' part at the ticket
 * VAT rate, the fees' part at the fees' rate; one line per rate, each part rounded on its own so the lines add up to
 * the calculator's "of which VAT" to the öre.
 */
export function receiptVatLines(ticketsOre: number, feesOre: number, vatPercent: number, feesVatPercent: number): ReceiptVatLine[] {
  const part = (ore: number, rate: number) => ({ ratePercent: rate, ...vatRow(ore, rate) });
  const lines = [part(ticketsOre, vatPercent), ...(feesOre > 0 ? [part(feesOre, feesVatPercent)] : [])];
  const byRate = new Map<number, ReceiptVatLine>();
  for (const l of lines) {
    const had = byRate.get(l.ratePercent);
    byRate.set(l.ratePercent, had ? { ratePercent: l.ratePercent, exclOre: had.exclOre + l.exclOre, vatOre: had.vatOre + l.vatOre } : l);
  }
  return [...byRate.values()].sort((a, b) => a.ratePercent - b.ratePercent);
}

const GIVE_BACK: Record<TenderMethod, string> = { cash: 'in cash', card: 'to the card', other: 'as other (the way it was paid)' };

/**
 * What the counter says after a release: the tickets released and the money to give back, per tender of the payments
 * it goes back to ("2 ticket(s) released: give back 3 290,00 kr to the card."). Amounts in öre.
 */
export function releaseMessage(tickets: number, tenders: readonly { method: string; amountOre: number }[]): string {
  const back = tenders.filter((t) => t.amountOre > 0);
  if (back.length === 0) return `${tickets} ticket(s) released: nothing was paid for them, nothing to give back.`;
  const parts = back.map((t) => `${formatSek(t.amountOre)} ${GIVE_BACK[t.method as TenderMethod] ?? GIVE_BACK.other}`);
  return `${tickets} ticket(s) released: give back ${parts.join(' and ')}.`;
}
