/**
 * Reservation rules of 001: reservation types, the reservation and box-office reservation forms, the reserve
 * button, kids' tickets, the general-admission stepper and the automatic choice of free places.
 */
import { combineFormDateTime, formatApiDateTime, FORM_TIME_INVALID_MESSAGE, parseFormDate, parseFormTime } from './dates';
import { compactErrors, FORM_MESSAGES, isBlank, NUMBER_MESSAGES, type FieldErrors } from './forms';
import { parseDecimal } from './numericInput';

export const RESERVATION_TYPES = ['guest', 'corporate', 'handicapped', 'known_person', 'vip', 'boxoffice'] as const;
export type ReservationType = (typeof RESERVATION_TYPES)[number];

/** The types an event's reservation list shows (valid=1, 001 §9); box-office reservations have their own list. */
export const EVENT_RESERVATION_LIST_TYPES: readonly ReservationType[] = [
  'guest',
  'corporate',
  'handicapped',
  'known_person',
  'vip',
];

export const RESERVATION_TYPE_LABELS: Record<ReservationType, string> = {
  guest: 'Guest',
  corporate: 'Corporate',
  handicapped: 'Function varied',
  known_person: 'Known person',
  vip: 'VIP',
  boxoffice: 'Box office',
};

export const RESERVE_PRICES_MESSAGE = 'Please select prices for all selected seats.';

type Text = string | null | undefined;
type Id = number | string | null | undefined;

export interface ReservationFormValues {
  title?: Text;
  type?: ReservationType | '' | null;
  description?: Text;
  /** reserved_until, as the form's dd.MM.yyyy and HH:mm. */
  date?: Text;
  time?: Text;
  corporate?: Id;
}

/**
 * Whether a reservation in `status` is a hold, so has a reserved until: an unpaid one ('new', 'pending', or one whose
 * hold ended, 'expired'). A paid one ('completed': its tickets are sold) keeps its seats for good, has none (NULL),
 * and cannot be given one (the server refuses it); 001 §5's required date and time are those of a hold.
 */
export function isHold(status: string): boolean {
  return status === 'new' || status === 'pending' || status === 'expired';
}

/** What the edit form says in place of the reserved-until fields of a paid reservation. */
export const PAID_NO_HOLD_END = 'Paid: its tickets are sold, so it holds its seats with no Reserved until.';

/**
 * A paid back-office reservation (docs/reservations.md "A paid reservation"): its tickets are sold, their money taken.
 * Seats are not added to it (it has no way to take the added seats' money, and unpaid seats there would be held for
 * good with nothing to end them), and a ticket is not taken back from it but by a refund, which returns its money.
 * A box-office reservation is exempt: each counter sale is paid at the till, and its release refunds by the tenders.
 */
export function isPaidBackOffice(r: { type: string; status: string }): boolean {
  return r.type !== 'boxoffice' && !isHold(r.status);
}

/** Whether seats can be added to a reservation: to a hold, and to a box-office reservation. */
export const canAddSeats = (r: { type: string; status: string }): boolean => !isPaidBackOffice(r);

/** Whether reservation `r`'s paid tickets are taken back by a refund, not by Remove or Delete: outside the box office. */
export const refundsTakeBack = (r: { type: string }): boolean => r.type !== 'boxoffice';
/** Whether this ticket of `r` is one of those: paid, outside the box office (the page's form of `PAID_ITEM_SQL`). */
export const takenBackByRefund = (r: { type: string }, item: { paid?: number | null }): boolean => refundsTakeBack(r) && item.paid != null;

/**
 * The refusal (422 `ticket_paid`) of taking a paid ticket back by Remove or Delete, and what the edit page says in place
 * of its Remove. Refunds are the admins' (Settings › Refund): an admin is told where, anyone else whom to ask.
 */
export const paidRemoveByRefund = (orderId: number, byAdmin: boolean): string => (byAdmin
  ? `Paid: a ticket of it is taken back by a refund, which returns its money (Settings › Refund, order ${orderId}: choose that the ticket does not stay valid).`
  : `Paid: a ticket of it is taken back by a refund, which returns its money: an admin refunds it (order ${orderId}).`);

/** The refusal (422 `reservation_paid`) and what the edit page says in place of Add Seats. */
export const PAID_NO_ADD_SEATS = 'Paid: its tickets are sold, so no seats can be added to it. Make a new reservation for more seats.';

/**
 * The reservation form: title, type, date and time 'Required!'; the corporate 'Required!' when the type is corporate.
 * On edit the type and corporate cannot change, so only title, date and time are checked, and the date and time
 * only of a hold (`hold`, isHold): a paid reservation has none.
 */
export function validateReservationForm(
  values: ReservationFormValues,
  mode: 'create' | 'edit',
  hold = true,
): FieldErrors<keyof ReservationFormValues> {
  const required = (value: unknown) => (isBlank(value) ? FORM_MESSAGES.requiredBang : undefined);
  const creating = mode === 'create';
  const until = creating || hold;
  return compactErrors({
    title: required(values.title),
    type: creating ? required(values.type) : undefined,
    date: until ? required(values.date) ?? (parseFormDate(values.date) ? undefined : 'Enter a date as dd.mm.yyyy') : undefined,
    time: until ? required(values.time) ?? (parseFormTime(values.time) ? undefined : FORM_TIME_INVALID_MESSAGE) : undefined,
    corporate: creating && values.type === 'corporate' ? required(values.corporate) : undefined,
  });
}

/** reserved_until as sent (YYYY-MM-DD HH:mm:ss), or null when the date or time is missing. */
export function reservedUntilPayload(date: Text, time: Text): string | null {
  const moment = combineFormDateTime(date, time);
  return moment ? formatApiDateTime(moment) : null;
}

export interface BoxOfficeReservationValues {
  owner?: Id;
  /** SEK as typed. */
  extra_fee?: number | string | null;
}

/** The largest extra fee a box-office reservation takes, in SEK (a bound, so a typo never reaches an int column). */
export const EXTRA_FEE_MAX_SEK = 100000;

/** Extra-fee messages the spec does not give. */
export const EXTRA_FEE_MESSAGES = {
  decimals: 'At most 2 decimals',
  tooLarge: `Must be ${EXTRA_FEE_MAX_SEK} or less`,
} as const;

/**
 * Box-office reservation: an owner on create ('User is required'); an extra fee in SEK ('Extra Fee is required'),
 * numeric with a comma or a dot as decimal point, at most 2 decimals, from 0 to EXTRA_FEE_MAX_SEK (001 §5).
 */
export function validateBoxOfficeReservation(
  values: BoxOfficeReservationValues,
  mode: 'create' | 'edit',
): FieldErrors<keyof BoxOfficeReservationValues> {
  const fee = parseDecimal(values.extra_fee ?? null);
  const text = typeof values.extra_fee === 'string' ? values.extra_fee.trim() : String(values.extra_fee ?? '');
  return compactErrors({
    owner: mode === 'create' && isBlank(values.owner) ? FORM_MESSAGES.userRequired : undefined,
    extra_fee: isBlank(values.extra_fee)
      ? FORM_MESSAGES.extraFeeRequired
      : fee === null
        ? FORM_MESSAGES.mustBeNumber
        : fee < 0
          ? NUMBER_MESSAGES.notNegative
          : /[.,]\d{3,}$/.test(text)
            ? EXTRA_FEE_MESSAGES.decimals
            : fee > EXTRA_FEE_MAX_SEK
              ? EXTRA_FEE_MESSAGES.tooLarge
              : undefined,
  });
}

/**
 * The reserve button: disabled until seats are selected and every one has a price chosen; with a seat missing its
 * price it also says 'Please select prices for all selected seats.'
 */
export function reserveButtonState(selected: readonly { priceChosen: boolean }[]): {
  disabled: boolean;
  message?: string;
} {
  if (selected.length === 0) return { disabled: true };
  return selected.every((seat) => seat.priceChosen)
    ? { disabled: false }
    : { disabled: true, message: RESERVE_PRICES_MESSAGE };
}

/** Only seats an admin may reserve, and that are not taken, can be selected (001 §4). */
export function isSeatSelectable(seat: { can_reserve_admin: boolean; reserved?: boolean }): boolean {
  return seat.can_reserve_admin && seat.reserved !== true;
}

/**
 * A kid's ticket can be added to a ticket when the event allows kids, the ticket is assigned to someone, it is not
 * itself a child ticket, and free places remain.
 */
export function canAddKidTicket(input: {
  kidsAllowed: boolean;
  ticketAssigned: boolean;
  ticketIsChild: boolean;
  freePlaces: number;
}): boolean {
  return input.kidsAllowed && input.ticketAssigned && !input.ticketIsChild && input.freePlaces > 0;
}

/** The general-admission stepper: from 1 to the number of free places; null when nothing is free. */
export function gaStepperBounds(freePlaces: number): { min: 1; max: number } | null {
  return freePlaces >= 1 ? { min: 1, max: Math.floor(freePlaces) } : null;
}

/** A place of a general-admission section, in section order. */
export interface GaPlace {
  hidden?: boolean;
  reserved?: boolean;
  /** Function-varied (handicapped) places are kept for those who need them. */
  handicapped?: boolean;
}

/** Whether the automatic choice may take this place. */
export const isFreeGaPlace = (place: GaPlace): boolean => !place.hidden && !place.reserved && !place.handicapped;

/** The number of places the automatic choice could take. */
export function countFreeGaPlaces(places: readonly GaPlace[]): number {
  return places.reduce((count, place) => count + (isFreeGaPlace(place) ? 1 : 0), 0);
}

/**
 * The places reserved for a general-admission quantity: the first free ones in order, skipping hidden, reserved and
 * function-varied places. Returns their indexes; fewer than asked when not enough are free.
 */
export function pickGeneralAdmissionPlaces(places: readonly GaPlace[], quantity: number): number[] {
  const picked: number[] = [];
  for (let i = 0; i < places.length && picked.length < quantity; i += 1) {
    if (isFreeGaPlace(places[i]!)) picked.push(i);
  }
  return picked;
}

/**
 * A standing area's places as the automatic choice sees them: the places it releases ("Number of tickets"), the first
 * `taken` of them reserved. Standing places are counted, not numbered (a GA area of the venue file has a capacity and
 * no seats), so the places taken are the first ones and an area has no hidden or function-varied place of its own
 * (a hidden area refuses as a whole).
 */
export function standingAreaPlaces(released: number, taken: number): GaPlace[] {
  const n = Math.max(0, Math.floor(released));
  return Array.from({ length: n }, (_, i) => (i < taken ? { reserved: true } : {}));
}

/** The tickets column of the reservation list: 'X of Y ticket(s)' (assigned of total). */
export function ticketsColumnText(assigned: number, total: number): string {
  return `${assigned} of ${total} ticket(s)`;
}

/** The statistics block: 'X out of Y'. */
export function outOfText(sent: number, total: number): string {
  return `${sent} out of ${total}`;
}
