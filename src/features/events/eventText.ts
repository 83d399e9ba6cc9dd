import type { EventSummary } from '../../contracts/events';
import { formatDateIn, parseApiDate } from '../../domain/dates';

/** How the events screens show an event's texts and dates. */
export function showDateTime(value: string | null | undefined): string {
  const d = parseApiDate(value ?? null);
  return d ? formatDateIn('validityDateTime', d) : '–';
}

export function translation(event: Pick<EventSummary, 'translations'>, language: 'en' | 'sv') {
  return event.translations.find((t) => t.language === language) ?? { language, name: '', description: '', performer_name: '', genre: '' };
}

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
