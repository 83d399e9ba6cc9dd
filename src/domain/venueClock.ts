import { formatDateIn } from './dates';

/**
 * The venue's wall clock (Stockholm): the box office shows and takes its times on it, whatever the computer's time
 * zone or the browser's locale, in the console's formats (000 §5: dd.MM.yyyy for a day, HH:mm for a time).
 */
let stockholm: Intl.DateTimeFormat | undefined;

/** Made at the first time shown, not when the code loads: a time zone's formatter costs the page's start (the map's code imports this). */
const STOCKHOLM = (): Intl.DateTimeFormat =>
  (stockholm ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Stockholm', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }));

/** The venue's wall clock (Stockholm) at a moment, as UTC milliseconds of the same fields. */
export function venueWallClock(ms: number): number {
  const p = Object.fromEntries(STOCKHOLM().formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
}

/** The venue's wall-clock fields of a moment (ISO) as a local Date, for the console's formatters; null when unreadable. */
function onVenueClock(iso: string | null | undefined): Date | null {
  const ms = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(ms)) return null;
  const w = new Date(venueWallClock(ms));
  return new Date(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate(), w.getUTCHours(), w.getUTCMinutes(), w.getUTCSeconds());
}

/** A moment (ISO) as dd.MM.yyyy, the venue's day (the server dates on it); '' for none or an unreadable one. */
export function venueDay(iso: string | null | undefined): string {
  const at = onVenueClock(iso);
  return at ? formatDateIn('formDate', at) : '';
}

/** A moment (ISO) as HH:mm on the venue's clock; '' for none or an unreadable one. */
export function venueTime(iso: string | null | undefined): string {
  const at = onVenueClock(iso);
  return at ? formatDateIn('formTime', at) : '';
}

/** A moment (ISO) as dd.MM.yyyy HH:mm on the venue's clock; '' for none or an unreadable one. */
export function venueDateTime(iso: string | null | undefined): string {
  const at = onVenueClock(iso);
  return at ? `${formatDateIn('formDate', at)} ${formatDateIn('formTime', at)}` : '';
}

/** A moment (ISO) as dd.MM.yyyy HH:mm:ss on the venue's clock, where the second matters (Settings → Operations); '' for none or an unreadable one. */
export function venueDateTimeSeconds(iso: string | null | undefined): string {
  const at = onVenueClock(iso);
  return at ? `${formatDateIn('formDate', at)} ${formatDateIn('formTimeSeconds', at)}` : '';
}

/**
 * The venue's day now, as the date rules take "today" (a Date at local midnight, as `parseFormDate` gives a typed
 * day): the day the server checks against ("not before today" of the event, copy, blacklist and promo forms, a
 * report's "to today"). Between 23:00 and 24:00 UTC in winter, and all day for a browser in another time zone, the
 * browser's own date is another day; a form that took it let through what the server refused, or refused what it takes.
 * `now` is the moment (Date.now() at the caller: this folder reads no clock).
 */
export function venueToday(now: number): Date {
  const w = new Date(venueWallClock(now));
  return new Date(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate());
}

/** The venue's day now as yyyy-MM-dd (the API's days: report periods, expiry dates). */
export function venueIsoToday(now: number): string {
  return formatDateIn('isoDay', venueToday(now));
}
