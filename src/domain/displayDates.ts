import { formatDateIn, parseApiDate } from './dates';

/**
 * The console's one display format for a day where the spec gives none (issue 24 "one look"): dd.mm.yyyy, the format
 * the date inputs use. The spec's own formats stay where it names them (seasonal list d/M/yyyy, FAQ MM/dd/yyyy).
 */
export function displayDay(value: string | Date | null | undefined): string {
  const date = parseApiDate(value);
  return date ? formatDateIn('formDate', date) : '—';
}
