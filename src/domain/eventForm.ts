/**
 * The event form (000 §5 "Event form", §9): constants, validation with the spec's messages, the behaviour-type
 * switch and the conversion between the form's dd.MM.yyyy + HH:mm fields and the API's `YYYY-MM-DD HH:mm:00`.
 *
 * `today` is passed in (never read from the clock here) so the server, the console and tests agree on it.
 */
import {
  combineFormDateTime,
  FORM_DATE_INVALID_MESSAGE,
  FORM_TIME_INVALID_MESSAGE,
  formatDateIn,
  formDateError,
  formatFormDate,
  formatFormTime,
  isBeforeDay,
  isSameDay,
  parseApiDate,
  parseFormDate,
  parseFormTime,
} from './dates';
import { compactErrors, isBlank, type FieldErrors } from './forms';

export const EVENT_TYPES = ['musical', 'theater', 'sport'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const BEHAVIOUR_TYPES = ['event', 'membership_card'] as const;
export type BehaviourType = (typeof BEHAVIOUR_TYPES)[number];

export const ENTITY_TYPES = ['ordinary', 'seasonal'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/** Largest event image, in bytes (100 MB). */
export const IMAGE_LIMIT_BYTES = 104_857_600;
/** The modal shown for a larger image. */
export const FILE_SIZE_MODAL = {
  title: 'File size',
  text: 'The file size is larger than 100Mb. Please optimise the image or select another.',
} as const;

export const DEFAULT_TICKET_VAT = 6;

/** What a new event gets unless the form says otherwise (000 §9; the database defaults match). */
export const EVENT_DEFAULTS = {
  max_number_tickets: 6,
  sell_on_market: 'anytime',
  sell_to_friend: 'anytime',
  resell_in_group: true,
  resell_max_percent: 50,
  age_restriction: 18,
  kids_allowed: false,
  reservation_time: 60,
  qr_first_generation_time: 60,
  ticket_vat: DEFAULT_TICKET_VAT,
} as const;

export const EVENT_FORM_MESSAGES = {
  required: 'Required',
  startMinToday: 'Start date minimum is today',
  endNotBeforeStart: 'Must be at least at start date',
  releaseBeforeStart: 'Must be before start date',
  venueOpenSameDay: 'Must be same as start date',
  venueOpenByStart: 'Must be at or before start time',
  invalidDate: FORM_DATE_INVALID_MESSAGE,
  invalidTime: FORM_TIME_INVALID_MESSAGE,
  invalidType: 'Choose musical, theater or sport',
  membershipVat: 'A membership card has 0% VAT',
} as const;

/** The submit button's text when the form has errors or the request failed (000 §5). */
export const EVENT_FORM_SUBMIT_ERROR = 'Error in entered data';

type Id = number | string | null | undefined;

/** The event form's fields as the console holds them (dates dd.MM.yyyy, times HH:mm). */
export interface EventFormValues {
  behaviour_type?: BehaviourType | null;
  venue?: Id;
  map?: Id;
  type?: string | null;
  start_date?: string | null;
  start_time?: string | null;
  end_date?: string | null;
  end_time?: string | null;
  tickets_release_date?: string | null;
  tickets_release_time?: string | null;
  venue_open_date?: string | null;
  venue_open_time?: string | null;
  ticket_vat?: number | string | null;
}

export type EventFormField = keyof EventFormValues;

export const isMembershipCard = (values: Pick<EventFormValues, 'behaviour_type'>): boolean =>
  values.behaviour_type === 'membership_card';

export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && (EVENT_TYPES as readonly string[]).includes(value);
}

/** True when an image must be refused with the "File size" modal. */
export function isImageTooLarge(bytes: number): boolean {
  return bytes > IMAGE_LIMIT_BYTES;
}

/** 'Required', 'Enter a date as dd.mm.yyyy' or the allowed range ('Enter a date from … to …'), else undefined. */
function dateError(text: string | null | undefined, today: Date): string | undefined {
  if (isBlank(text)) return EVENT_FORM_MESSAGES.required;
  return formDateError(text, today);
}

function timeError(text: string | null | undefined): string | undefined {
  if (isBlank(text)) return EVENT_FORM_MESSAGES.required;
  return parseFormTime(text) ? undefined : EVENT_FORM_MESSAGES.invalidTime;
}

/**
 * Compares two date + time pairs: by the full moment when both times are valid, else by the day only; null when a
 * date is missing. Returns negative, 0 or positive like a comparator.
 */
function compareMoments(
  aDate: string | null | undefined,
  aTime: string | null | undefined,
  bDate: string | null | undefined,
  bTime: string | null | undefined,
): number | null {
  const a = parseFormDate(aDate);
  const b = parseFormDate(bDate);
  if (!a || !b) return null;
  const aFull = combineFormDateTime(aDate, aTime);
  const bFull = combineFormDateTime(bDate, bTime);
  if (aFull && bFull) return aFull.getTime() - bFull.getTime();
  return a.getTime() - b.getTime();
}

/**
 * The event form's errors (000 §5):
 * - venue, map, type and every date and time: 'Required';
 * - a date that is no dd.MM.yyyy day: 'Enter a date as dd.mm.yyyy'; one outside `formDateRange(today)` names the range;
 * - start date on create not before today: 'Start date minimum is today';
 * - end not before start: 'Must be at least at start date';
 * - tickets release before start: 'Must be before start date';
 * - regular events: a venue open date ('Required') on the start day ('Must be same as start date') and a venue open
 *   time;
 * - membership cards: no venue-open fields, VAT 0.
 * When a time is missing the comparisons fall back to the day, flagging only what no time could make right.
 */
export function validateEventForm(
  values: EventFormValues,
  options: { mode: 'create' | 'edit'; today: Date },
): FieldErrors<EventFormField> {
  const { required } = EVENT_FORM_MESSAGES;
  const membership = isMembershipCard(values);
  const start = parseFormDate(values.start_date);

  let startDate = dateError(values.start_date, options.today);
  if (!startDate && options.mode === 'create' && start && isBeforeDay(start, options.today)) {
    startDate = EVENT_FORM_MESSAGES.startMinToday;
  }

  let endDate = dateError(values.end_date, options.today);
  const endVsStart = compareMoments(values.end_date, values.end_time, values.start_date, values.start_time);
  if (!endDate && endVsStart !== null && endVsStart < 0) endDate = EVENT_FORM_MESSAGES.endNotBeforeStart;

  let releaseDate = dateError(values.tickets_release_date, options.today);
  const releaseVsStart = compareMoments(
    values.tickets_release_date,
    values.tickets_release_time,
    values.start_date,
    values.start_time,
  );
  const bothTimes = parseFormTime(values.tickets_release_time) && parseFormTime(values.start_time);
  if (!releaseDate && releaseVsStart !== null && (bothTimes ? releaseVsStart >= 0 : releaseVsStart > 0)) {
    releaseDate = EVENT_FORM_MESSAGES.releaseBeforeStart;
  }

  let venueOpenDate: string | undefined;
  let venueOpenTime: string | undefined;
  if (!membership) {
    // Empty is 'Required' like every other date; 'Must be same as start date' only compares two real days.
    const open = parseFormDate(values.venue_open_date);
    venueOpenDate = dateError(values.venue_open_date, options.today);
    if (!venueOpenDate && open && start && !isSameDay(open, start)) venueOpenDate = EVENT_FORM_MESSAGES.venueOpenSameDay;
    venueOpenTime = timeError(values.venue_open_time);
    // Beyond the spec: doors that open after the show has begun are a typing slip (docs/events.md).
    const openVsStart = compareMoments(values.venue_open_date, values.venue_open_time, values.start_date, values.start_time);
    if (!venueOpenDate && !venueOpenTime && openVsStart !== null && openVsStart > 0) venueOpenTime = EVENT_FORM_MESSAGES.venueOpenByStart;
  }

  const vat = values.ticket_vat;
  const ticketVat = membership && !isBlank(vat) && Number(vat) !== 0 ? EVENT_FORM_MESSAGES.membershipVat : undefined;

  return compactErrors<EventFormField>({
    venue: isBlank(values.venue) ? required : undefined,
    map: isBlank(values.map) ? required : undefined,
    type: isBlank(values.type) ? required : isEventType(values.type) ? undefined : EVENT_FORM_MESSAGES.invalidType,
    start_date: startDate,
    start_time: timeError(values.start_time),
    end_date: endDate,
    end_time: timeError(values.end_time),
    tickets_release_date: releaseDate,
    tickets_release_time: timeError(values.tickets_release_time),
    venue_open_date: venueOpenDate,
    venue_open_time: venueOpenTime,
    ticket_vat: ticketVat,
  });
}

/**
 * Switching the behaviour type: a membership card gets ticket_vat 0 and loses the venue-open fields; switching back
 * to a regular event restores the default VAT (the 0 was forced, not chosen).
 */
export function applyBehaviourType<V extends EventFormValues>(values: V, next: BehaviourType): V {
  if (next === 'membership_card') {
    return { ...values, behaviour_type: next, ticket_vat: 0, venue_open_date: null, venue_open_time: null };
  }
  const wasMembership = isMembershipCard(values);
  return { ...values, behaviour_type: next, ...(wasMembership ? { ticket_vat: DEFAULT_TICKET_VAT } : {}) };
}

/** A form date + time as the API's `YYYY-MM-DD HH:mm:00`, or null when either is missing or invalid. */
export function toEventApiDateTime(
  dateText: string | null | undefined,
  timeText: string | null | undefined,
): string | null {
  const moment = combineFormDateTime(dateText, timeText);
  return moment ? formatDateIn('eventApiDateTime', moment) : null;
}

export interface EventApiDates {
  start_date: string;
  end_date: string;
  tickets_release_date: string;
  /** Regular events only. */
  venue_open_date?: string;
}

/** The date fields sent for a valid form; null when a required date or time is missing. */
export function eventDatesPayload(values: EventFormValues): EventApiDates | null {
  const start = toEventApiDateTime(values.start_date, values.start_time);
  const end = toEventApiDateTime(values.end_date, values.end_time);
  const release = toEventApiDateTime(values.tickets_release_date, values.tickets_release_time);
  if (!start || !end || !release) return null;
  if (isMembershipCard(values)) return { start_date: start, end_date: end, tickets_release_date: release };
  const open = toEventApiDateTime(values.venue_open_date, values.venue_open_time);
  if (!open) return null;
  return { start_date: start, end_date: end, tickets_release_date: release, venue_open_date: open };
}

type DateFields = Pick<
  EventFormValues,
  | 'start_date'
  | 'start_time'
  | 'end_date'
  | 'end_time'
  | 'tickets_release_date'
  | 'tickets_release_time'
  | 'venue_open_date'
  | 'venue_open_time'
>;

/**
 * The form's date and time fields from an event as the API holds it (any date shape `parseApiDate` reads); the
 * server uses it to validate a request body with `validateEventForm`. Missing or unreadable dates stay empty.
 */
export function eventFormDatesFromApi(event: {
  start_date?: string | null;
  end_date?: string | null;
  tickets_release_date?: string | null;
  venue_open_date?: string | null;
}): DateFields {
  const split = (value: string | null | undefined): [string, string] => {
    const date = parseApiDate(value ?? null);
    return date ? [formatFormDate(date), formatFormTime(date)] : ['', ''];
  };
  const [start_date, start_time] = split(event.start_date);
  const [end_date, end_time] = split(event.end_date);
  const [tickets_release_date, tickets_release_time] = split(event.tickets_release_date);
  const [venue_open_date, venue_open_time] = split(event.venue_open_date);
  return {
    start_date,
    start_time,
    end_date,
    end_time,
    tickets_release_date,
    tickets_release_time,
    venue_open_date,
    venue_open_time,
  };
}

/** The copy wizard's start date (`startDate` of api/events/duplicate): YYYY-MM-DD HH:mm, the time 00:00 by default. */
export function duplicateStartDate(dateText: string | null | undefined, timeText?: string | null): string | null {
  const moment = combineFormDateTime(dateText, isBlank(timeText) ? '00:00' : timeText);
  return moment ? formatDateIn('duplicateDateTime', moment) : null;
}
