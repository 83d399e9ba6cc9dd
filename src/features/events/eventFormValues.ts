import { setIn } from 'final-form';
import type { EventDetail, EventWriteBody } from '../../contracts/events';
import {
  DEFAULT_TICKET_VAT,
  EVENT_DEFAULTS,
  EVENT_FORM_MESSAGES,
  eventDatesPayload,
  eventFormDatesFromApi,
  validateEventForm,
  type EventFormValues,
} from '../../domain/eventForm';
import { isBlank } from '../../domain/forms';
import { venueToday } from '../../domain/venueClock';

type Text = { name: string; description: string; performer_name: string };

/** The event form as final-form holds it: select values as text, dates dd.MM.yyyy, times HH:mm, the image as a File. */
export interface EventFormState extends EventFormValues {
  behaviour_type: 'event' | 'membership_card';
  entity_type: 'ordinary' | 'seasonal';
  promoter?: string;
  type?: string;
  genre?: string;
  venue?: string;
  map?: string;
  ticket_vat?: string;
  translations: { en: Text; sv: Text };
  notes: string;
  social_links: { facebook: string; instagram: string; spotify: string };
  medium?: File | null;
}

const emptyText = (): Text => ({ name: '', description: '', performer_name: '' });

export function newEventValues(entityType: 'ordinary' | 'seasonal'): EventFormState {
  return {
    behaviour_type: 'event',
    entity_type: entityType,
    ticket_vat: String(DEFAULT_TICKET_VAT),
    translations: { en: emptyText(), sv: emptyText() },
    notes: '',
    social_links: { facebook: '', instagram: '', spotify: '' },
    medium: null,
  };
}

export function eventValues(event: EventDetail): EventFormState {
  const text = (language: 'en' | 'sv'): Text => {
    const t = event.translations.find((x) => x.language === language);
    return { name: t?.name ?? '', description: t?.description ?? '', performer_name: t?.performer_name ?? '' };
  };
  return {
    ...eventFormDatesFromApi(event),
    behaviour_type: event.behaviour_type,
    entity_type: event.entity_type,
    promoter: String(event.promoter.id),
    type: event.type,
    genre: event.genre ? String(event.genre.id) : '',
    venue: String(event.venue.id),
    map: String(event.map.id),
    ticket_vat: String(event.ticket_vat),
    translations: { en: text('en'), sv: text('sv') },
    notes: event.notes,
    social_links: { ...event.social_links },
    medium: null,
  };
}

/** The form's errors: the spec's rules from src/domain/eventForm.ts, plus the promoter an admin must choose. */
export function validateEventValues(values: EventFormState, opts: { mode: 'create' | 'edit'; choosePromoter: boolean }) {
  const errors: Record<string, string | undefined> = { ...validateEventForm(values, { mode: opts.mode, today: venueToday(Date.now()) }) };
  if (opts.choosePromoter && opts.mode === 'create' && isBlank(values.promoter)) errors.promoter = EVENT_FORM_MESSAGES.required;
  return errors;
}

const num = (text: string | undefined) => (isBlank(text) ? null : Number(text));

/**
 * What POST api/events (and the _method=put save) receive; call only with a valid form. A create also sends the
 * restriction limit fields (000 §7) with the event defaults (000 §9); the Restrictions page edits them later.
 */
export function eventWriteBody(values: EventFormState, extra: { updatedAt?: string; create?: boolean } = {}): EventWriteBody {
  const dates = eventDatesPayload(values);
  if (!dates) throw new Error('eventWriteBody needs a valid form');
  const membership = values.behaviour_type === 'membership_card';
  return {
    translations: (['en', 'sv'] as const).map((language) => ({ language, ...values.translations[language] })),
    type: values.type ?? '',
    genre: num(values.genre),
    behaviour_type: values.behaviour_type,
    membership,
    entity_type: values.entity_type,
    venue: num(values.venue),
    map: num(values.map),
    promoter: num(values.promoter),
    ...dates,
    ticket_vat: membership ? 0 : Number(values.ticket_vat ?? DEFAULT_TICKET_VAT),
    notes: values.notes ?? '',
    social_links: values.social_links,
    ...(extra.updatedAt ? { updated_at: extra.updatedAt } : {}),
    ...(extra.create ? { max_number_tickets: EVENT_DEFAULTS.max_number_tickets, reservation_time: EVENT_DEFAULTS.reservation_time } : {}),
  };
}

/**
 * Server field errors onto the form's fields: the server validates the same form with the same rules, but receives
 * `translations.0.name` where the form has `translations.en.name`.
 */
export function formFieldErrors(errors: Record<string, string>): object {
  let out: object = {};
  for (const [field, message] of Object.entries(errors)) {
    const name = field.replace(/^translations\.0\./, 'translations.en.').replace(/^translations\.1\./, 'translations.sv.');
    out = setIn(out, name, message);
  }
  return out;
}
