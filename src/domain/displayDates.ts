import { formatDateIn, parseApiDate } from './dates';

/**
 * The console's one display format for a day where the spec gives none (issue 24 "one look"): dd.mm.yyyy, the format
 * the date inputs use. The spec's own formats stay where it names them (seasonal list d/M/yyyy, FAQ MM/dd/yyyy).
 */
export function displayDay(value: string | Date | null | undefined): string {
  const date = parseApiDate(value);
  return date ? formatDateIn('formDate', date) : '—';
}

/** A moment as the console shows it: dd.mm.yyyy HH:mm (the date inputs' day and time formats); fractions of a second are dropped. */
export function displayDateTime(value: string | Date | null | undefined): string {
  const text = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/.test(value) ? value.slice(0, 16).replace('T', ' ') : value;
  const date = parseApiDate(text);
  return date ? `${formatDateIn('formDate', date)} ${formatDateIn('formTime', date)}` : '—';
}

/** A moment to the second, where the second matters (the Outbox's message, the audit log): dd.mm.yyyy HH:mm:ss. */
export function displayDateTimeSeconds(value: string | Date | null | undefined): string {
  const text = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}/.test(value) ? value.slice(0, 19).replace('T', ' ') : value;
  const date = parseApiDate(text);
  return date ? `${formatDateIn('formDate', date)} ${formatDateIn('formTimeSeconds', date)}` : '—';
}
