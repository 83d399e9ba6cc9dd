/**
 * The date formats the spec uses, parsed and formatted in one place.
 *
 * All dates are local wall-clock dates (the platform is Swedish; the database stores `timestamp` without time zone,
 * see server/db/migrations). A `Date` here means "that wall-clock moment in the process's time zone"; nothing is
 * converted to UTC. Parsers are strict: they return `null` for anything that is not exactly a valid date in the
 * expected shape (no 31.02., no "2024-5-1" where "2024-05-01" is expected).
 */
import {
  addDays,
  addMonths,
  addWeeks,
  addYears,
  format,
  isValid,
  parse,
  startOfDay,
  startOfMonth,
  startOfWeek,
  startOfYear,
  subMonths,
} from 'date-fns';

/** date-fns patterns of the formats the spec names. */
export const DATE_FORMATS = {
  /** Date inputs of the console (000 §5), the ombud selectedDate (002 §7): 31.12.2024. */
  formDate: 'dd.MM.yyyy',
  /** Time inputs (000 §5): 18:30. */
  formTime: 'HH:mm',
  /** formTime with its seconds, where a moment is shown to the second (Settings → Operations): 18:30:05. */
  formTimeSeconds: 'HH:mm:ss',
  /** Seasonal events list, release and start date (000 §2): 1/2/2024. */
  seasonListDate: 'd/M/yyyy',
  /** FAQ created and edited dates (002 §2): 12/31/2024 18:30. */
  faqDateTime: 'MM/dd/yyyy HH:mm',
  /** Report filters, expiry dates, blacklist (002 §7): 2024-12-31. */
  isoDay: 'yyyy-MM-dd',
  /** reserved_until and other API date-times (001 §9): 2024-12-31 18:30:00. */
  apiDateTime: 'yyyy-MM-dd HH:mm:ss',
  /** Event dates sent by the event form (000 §7): seconds are always 00. */
  eventApiDateTime: "yyyy-MM-dd HH:mm':00'",
  /** Box-office validity_date variant (001 §9): 31.12.2024 18:30. */
  validityDateTime: 'dd.MM.yyyy HH:mm',
  /** Copy wizard startDate (000 §7): 2024-12-31 18:30. */
  duplicateDateTime: 'yyyy-MM-dd HH:mm',
} as const;

export type DateFormatName = keyof typeof DATE_FORMATS;

/** The exact shape each format must have before date-fns sees it (date-fns alone accepts "1.2.2024" for dd.MM). */
const SHAPES: Record<DateFormatName, RegExp> = {
  formDate: /^\d{2}\.\d{2}\.\d{4}$/,
  formTime: /^\d{2}:\d{2}$/,
  formTimeSeconds: /^\d{2}:\d{2}:\d{2}$/,
  seasonListDate: /^\d{1,2}\/\d{1,2}\/\d{4}$/,
  faqDateTime: /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
  isoDay: /^\d{4}-\d{2}-\d{2}$/,
  apiDateTime: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
  eventApiDateTime: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00$/,
  validityDateTime: /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/,
  duplicateDateTime: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
};

/** A fixed reference day so that parsing a time alone does not depend on today. */
const REFERENCE_DAY = new Date(2000, 0, 1);

/** Parses `text` in the named format; `null` when it is empty, malformed or not a real date. */
export function parseDateIn(formatName: DateFormatName, text: string | null | undefined): Date | null {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  if (!SHAPES[formatName].test(trimmed)) return null;
  const date = parse(trimmed, DATE_FORMATS[formatName], REFERENCE_DAY);
  return isValid(date) ? date : null;
}

/** Formats a date in the named format; an invalid date gives ''. */
export function formatDateIn(formatName: DateFormatName, date: Date): string {
  return isValid(date) ? format(date, DATE_FORMATS[formatName]) : '';
}

/** dd.MM.yyyy → Date at local midnight, or null. */
export const parseFormDate = (text: string | null | undefined): Date | null => parseDateIn('formDate', text);
/** Date → dd.MM.yyyy. */
export const formatFormDate = (date: Date): string => formatDateIn('formDate', date);
/** Date → HH:mm. */
export const formatFormTime = (date: Date): string => formatDateIn('formTime', date);
/** Date → d/M/yyyy (seasonal events list). */
export const formatSeasonListDate = (date: Date): string => formatDateIn('seasonListDate', date);
/** Date → MM/dd/yyyy HH:mm (FAQ list). */
export const formatFaqDateTime = (date: Date): string => formatDateIn('faqDateTime', date);
/** Date → yyyy-MM-dd HH:mm:ss (reserved_until and other API date-times). */
export const formatApiDateTime = (date: Date): string => formatDateIn('apiDateTime', date);
/** yyyy-MM-dd HH:mm:ss → Date, or null. */
export const parseApiDateTime = (text: string | null | undefined): Date | null => parseDateIn('apiDateTime', text);

/** HH:mm → hours and minutes (00:00 to 23:59), or null. */
export function parseFormTime(text: string | null | undefined): { hours: number; minutes: number } | null {
  const date = parseDateIn('formTime', text);
  return date ? { hours: date.getHours(), minutes: date.getMinutes() } : null;
}

/** dd.MM.yyyy plus HH:mm → one local Date, or null when either part is missing or invalid. */
export function combineFormDateTime(
  dateText: string | null | undefined,
  timeText: string | null | undefined,
): Date | null {
  const day = parseFormDate(dateText);
  const time = parseFormTime(timeText);
  if (!day || !time) return null;
  const combined = new Date(day);
  combined.setHours(time.hours, time.minutes, 0, 0);
  return combined;
}

/** What a typed date that is no dd.MM.yyyy day shows (000 §5 names the format; the time field says the same). */
export const FORM_DATE_INVALID_MESSAGE = 'Enter a date as dd.mm.yyyy';

/** What a typed time that is no HH:mm time shows (000 §5; the event and reservation forms say the same). */
export const FORM_TIME_INVALID_MESSAGE = 'Enter a time as hh:mm';
/** An expiry date before today (the blacklist's and a new promo code's), in the same words everywhere. */
export const EXPIRY_BEFORE_TODAY_MESSAGE = 'Expiry date cannot be before today';

/** How many whole years before and after today's a typed date may lie (the calendar offers the same years). */
export const FORM_DATE_YEARS_AROUND = 10;

/**
 * The days a date input accepts: 1 January ten years back to 31 December ten years ahead of `today`'s year. Beyond
 * them a typo is far likelier than a real date ("01.01.0027" for 2027).
 */
export function formDateRange(today: Date): { min: Date; max: Date } {
  const year = today.getFullYear();
  return {
    min: new Date(year - FORM_DATE_YEARS_AROUND, 0, 1),
    max: new Date(year + FORM_DATE_YEARS_AROUND, 11, 31),
  };
}

/** What a typed date outside `formDateRange` shows: the range itself, e.g. "Enter a date from 01.01.2016 to 31.12.2036". */
export function formDateOutOfRangeMessage(today: Date): string {
  const { min, max } = formDateRange(today);
  return `Enter a date from ${formatFormDate(min)} to ${formatFormDate(max)}`;
}

/**
 * What is wrong with a typed date, in words for the user: undefined when it is blank (the caller decides whether a
 * date is required) or a real dd.MM.yyyy day inside `formDateRange(today)`.
 */
export function formDateError(text: string | null | undefined, today: Date): string | undefined {
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  const date = parseFormDate(text);
  if (!date) return FORM_DATE_INVALID_MESSAGE;
  const { min, max } = formDateRange(today);
  return date < min || date > max ? formDateOutOfRangeMessage(today) : undefined;
}

/** The calendar day of a date as yyyy-MM-dd (local). */
export const isoDay = (date: Date): string => formatDateIn('isoDay', date);

/** The day (yyyy-MM-dd) a typed dd.MM.yyyy date stands for, or null when it is blank or `formDateError` objects. */
export function typedFormDay(text: string | null | undefined, today: Date): string | null {
  const date = parseFormDate(text);
  return date && !formDateError(text, today) ? isoDay(date) : null;
}

/** yyyy-MM-dd → Date at local midnight, or null. */
export const parseIsoDay = (text: string | null | undefined): Date | null => parseDateIn('isoDay', text);

/** Adds whole calendar days to a yyyy-MM-dd day (DST-safe: works on the calendar, not on 24-hour steps). */
export function addIsoDays(day: string, days: number): string {
  const date = parseIsoDay(day);
  if (!date) throw new RangeError(`Not a yyyy-MM-dd day: ${JSON.stringify(day)}`);
  return isoDay(addDays(date, days));
}

/** Every day from `from` to `to`, both included, as yyyy-MM-dd; empty when `to` is before `from`. */
export function eachIsoDay(from: string, to: string): string[] {
  const days: string[] = [];
  if (!parseIsoDay(from) || !parseIsoDay(to)) return days;
  for (let day = from; day <= to; day = addIsoDays(day, 1)) days.push(day);
  return days;
}

/** True when both are the same calendar day. */
export function isSameDay(a: Date, b: Date): boolean {
  return isoDay(a) === isoDay(b);
}

/** True when `date` falls on a calendar day before `today`'s (the time of day is ignored). */
export function isBeforeDay(date: Date, today: Date): boolean {
  return startOfDay(date).getTime() < startOfDay(today).getTime();
}

/** A date range is valid when the to date is not before the from date (002 §5); an open end is valid. */
export function isValidDateRange(from: Date | null | undefined, to: Date | null | undefined): boolean {
  if (!from || !to) return true;
  return startOfDay(to).getTime() >= startOfDay(from).getTime();
}

/**
 * Reads a date the API sent: yyyy-MM-dd HH:mm:ss, yyyy-MM-dd HH:mm, yyyy-MM-dd or an ISO 8601 string. Null otherwise.
 * Offset-free strings are wall-clock times (see the file comment).
 */
export function parseApiDate(value: string | Date | null | undefined): Date | null {
  if (value instanceof Date) return isValid(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const api = API_PLAIN_DATE.exec(text);
  if (api) return plainApiDate(api);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) {
    const date = new Date(text);
    return isValid(date) ? date : null;
  }
  return null;
}

/** yyyy-MM-dd, yyyy-MM-dd HH:mm or yyyy-MM-dd HH:mm:ss: the API's own shapes, read by hand (below). */
const API_PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * The API's plain date read without date-fns: the same Date as `parseDateIn` of its format (checked against it in
 * dates.test.ts), null for a day the month has not or an hour, minute or second out of range. The lists read one
 * or two per row, and date-fns' `parse` (a tokenizer per pattern) was 5 % of the events list's first render.
 */
function plainApiDate(m: RegExpExecArray): Date | null {
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  if (h > 23 || mi > 59 || s > 59) return null;
  const date = new Date(2000, 0, 1, 0, 0, 0, 0);
  date.setFullYear(y, mo - 1, d);
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  date.setHours(h, mi, s, 0);
  return date;
}

/** The events list time filter (000 §2). */
export type EventTimeFilter = 'any' | 'week' | 'month' | 'year';

export const EVENT_TIME_FILTERS: readonly { value: EventTimeFilter; label: string }[] = [
  { value: 'any', label: 'Any time' },
  { value: 'week', label: 'This week' },
  { value: 'month', label: 'This month' },
  { value: 'year', label: 'This year' },
];

/** A period: `from` included, `until` excluded (so SQL reads `start_date >= from AND start_date < until`). */
export interface DateRange {
  from: Date;
  until: Date;
}

/**
 * The calendar period of a time filter that contains `today`: the ISO week (Monday to Sunday, as in Sweden),
 * the month or the year. 'any' has no range.
 */
export function timeFilterRange(filter: EventTimeFilter, today: Date): DateRange | null {
  switch (filter) {
    case 'any':
      return null;
    case 'week': {
      const from = startOfWeek(today, { weekStartsOn: 1 });
      return { from, until: addWeeks(from, 1) };
    }
    case 'month': {
      const from = startOfMonth(today);
      return { from, until: addMonths(from, 1) };
    }
    case 'year': {
      const from = startOfYear(today);
      return { from, until: addYears(from, 1) };
    }
  }
}

/** The same period as inclusive yyyy-MM-dd days (for query strings and date pickers). */
export function timeFilterIsoDays(filter: EventTimeFilter, today: Date): { from: string; to: string } | null {
  const range = timeFilterRange(filter, today);
  return range ? { from: isoDay(range.from), to: isoDay(addDays(range.until, -1)) } : null;
}

/** The customer report's default range: six months back to today, as yyyy-MM-dd (002 §9). */
export function customerReportDefaultRange(today: Date): { from: string; to: string } {
  return { from: isoDay(subMonths(today, 6)), to: isoDay(today) };
}
