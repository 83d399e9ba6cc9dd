import { LANGUAGES, type Language, type SocialLinks } from '../../../src/contracts/events';
import {
  EVENT_FORM_MESSAGES,
  eventFormDatesFromApi,
  isEventType,
  validateEventForm,
  type BehaviourType,
  type EntityType,
} from '../../../src/domain/eventForm';
import { parseApiDate } from '../../../src/domain/dates';
import type { Queryable } from '../../db/database';
import { throwIfInvalid } from '../../httpErrors';

/** The event form's fields as the server reads them (from multipart text or JSON), then validated. */
export interface EventInput {
  translations: { language: Language; name: string; description: string; performer_name: string }[];
  type: string;
  genre: number | null;
  behaviour_type: BehaviourType;
  entity_type: EntityType;
  venue: number | null;
  map: number | null;
  promoter: number | null;
  start_date: string | null;
  end_date: string | null;
  tickets_release_date: string | null;
  venue_open_date: string | null;
  ticket_vat: number | null;
  notes: string;
  social_links: SocialLinks;
  max_number_tickets: number | null | undefined;
  reservation_time: number | undefined;
  updated_at: string | null;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '').trim();
const id = (v: unknown): number | null => {
  const n = Number(text(v));
  return text(v) !== '' && Number.isSafeInteger(n) && n > 0 ? n : null;
};
const bool = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 'true';
const wholeOrUndefined = (v: unknown): number | null | undefined => {
  if (v === undefined) return undefined;
  const t = text(v);
  if (t === '') return null;
  // Plain digits within the int4 column; anything else is NaN, which the validation names.
  return /^\d{1,10}$/.test(t) && Number(t) <= 2_147_483_647 ? Number(t) : NaN;
};
/** `YYYY-MM-DD HH:mm(:ss)` as `YYYY-MM-DD HH:mm:00`; null when missing or unreadable. */
const apiDate = (v: unknown): string | null => {
  const t = text(v);
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(t) || !parseApiDate(t.length === 16 ? `${t}:00` : t)) return null;
  return `${t.slice(0, 16)}:00`;
};

export function readEventInput(fields: Record<string, unknown>): EventInput {
  const rawTranslations = Array.isArray(fields.translations)
    ? fields.translations
    : fields.translations && typeof fields.translations === 'object'
      ? Object.values(fields.translations)
      : [];
  const translations = LANGUAGES.map((language) => {
    const t = (rawTranslations as Record<string, unknown>[]).find((entry) => entry && text(entry.language) === language) ?? {};
    return { language, name: text(t.name), description: text(t.description), performer_name: text(t.performer_name) };
  });
  const social = (fields.social_links ?? {}) as Record<string, unknown>;
  const membership = bool(fields.membership) || text(fields.behaviour_type) === 'membership_card';
  const vat = text(fields.ticket_vat);
  return {
    translations,
    type: text(fields.type),
    // A genre that was sent but names no id is kept as unreadable (-1), so validation says so instead of dropping it.
    genre: id(fields.genre) ?? (text(fields.genre) === '' ? null : -1),
    behaviour_type: membership ? 'membership_card' : 'event',
    entity_type: text(fields.entity_type) === 'seasonal' ? 'seasonal' : 'ordinary',
    venue: id(fields.venue),
    map: id(fields.map),
    promoter: id(fields.promoter),
    start_date: apiDate(fields.start_date),
    end_date: apiDate(fields.end_date),
    tickets_release_date: apiDate(fields.tickets_release_date),
    venue_open_date: membership ? null : apiDate(fields.venue_open_date),
    ticket_vat: vat === '' ? null : Number(vat),
    notes: text(fields.notes),
    social_links: { facebook: text(social.facebook), instagram: text(social.instagram), spotify: text(social.spotify) },
    max_number_tickets: wholeOrUndefined(fields.max_number_tickets),
    reservation_time: wholeOrUndefined(fields.reservation_time) ?? undefined,
    updated_at: text(fields.updated_at) || null,
  };
}

const tooLong = (value: string, max: number) => (value.length > max ? `Must be at most ${max} characters` : undefined);

/**
 * The server's twin of the event form (000 §5): the same `validateEventForm` as the console, then what only the
 * server can check (the venue, map, genre, VAT rate and promoter exist and fit together).
 */
export async function validateEventInput(
  db: Queryable,
  input: EventInput,
  opts: { mode: 'create' | 'edit'; today: Date; promoterRequired: boolean },
): Promise<void> {
  const dates = eventFormDatesFromApi(input);
  const formErrors = validateEventForm(
    { ...dates, behaviour_type: input.behaviour_type, venue: input.venue, map: input.map, type: input.type, ticket_vat: input.ticket_vat },
    { mode: opts.mode, today: opts.today },
  );
  const errors: Record<string, string | undefined> = { ...formErrors };
  input.translations.forEach((t, i) => {
    errors[`translations.${i}.name`] = tooLong(t.name, 200);
    errors[`translations.${i}.performer_name`] = tooLong(t.performer_name, 200);
    errors[`translations.${i}.description`] = tooLong(t.description, 20000);
  });
  errors.notes = tooLong(input.notes, 5000);
  for (const key of ['facebook', 'instagram', 'spotify'] as const) {
    const link = input.social_links[key];
    errors[`social_links.${key}`] = tooLong(link, 500) ?? (link && !/^https?:\/\/[^\s]+$/i.test(link) ? 'Enter a web address starting with https://' : undefined);
  }
  if (input.max_number_tickets !== undefined && input.max_number_tickets !== null && !Number.isInteger(input.max_number_tickets)) {
    errors.max_number_tickets = 'Must be a number';
  }
  if (input.reservation_time !== undefined && !Number.isInteger(input.reservation_time)) errors.reservation_time = 'Must be a number';
  if (!errors.type && input.type && !isEventType(input.type)) errors.type = EVENT_FORM_MESSAGES.invalidType;

  const { rows } = await db.query<{ venue: boolean; map_ok: boolean; genre: boolean; vat: boolean; promoter: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM venues WHERE id = $1) AS venue,
            EXISTS (SELECT 1 FROM venue_maps WHERE id = $2 AND venue_id = $1) AS map_ok,
            ($3::bigint IS NULL OR EXISTS (SELECT 1 FROM genres WHERE id = $3)) AS genre,
            ($4::numeric IS NULL OR EXISTS (SELECT 1 FROM vats WHERE item_type = 'ticket' AND vat = $4)) AS vat,
            EXISTS (SELECT 1 FROM promoters WHERE id = $5 AND status = 'active') AS promoter`,
    [input.venue, input.map, input.genre, Number.isFinite(input.ticket_vat) ? input.ticket_vat : null, input.promoter],
  );
  const found = rows[0];
  if (input.venue !== null && !found.venue) errors.venue = 'Choose a venue from the list';
  else if (input.venue !== null && input.map !== null && !found.map_ok) errors.map = 'Choose a map of the chosen venue';
  if (!found.genre) errors.genre = 'Choose a genre from the list';
  if (!errors.ticket_vat) {
    if (input.ticket_vat === null && input.behaviour_type === 'event') errors.ticket_vat = EVENT_FORM_MESSAGES.required;
    else if (input.ticket_vat !== null && (!Number.isFinite(input.ticket_vat) || !found.vat)) errors.ticket_vat = 'Choose a VAT rate from the list';
  }
  if (opts.promoterRequired) {
    if (input.promoter === null) errors.promoter = EVENT_FORM_MESSAGES.required;
    else if (!found.promoter) errors.promoter = 'Choose an active promoter';
  }
  throwIfInvalid(errors);
}
