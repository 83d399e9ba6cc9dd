import { describe, expect, it } from 'vitest';
import {
  applyBehaviourType,
  duplicateStartDate,
  BEHAVIOUR_TYPES,
  ENTITY_TYPES,
  EVENT_DEFAULTS,
  EVENT_FORM_SUBMIT_ERROR,
  EVENT_TYPES,
  FILE_SIZE_MODAL,
  isEventType,
  isMembershipCard,
  eventDatesPayload,
  eventFormDatesFromApi,
  IMAGE_LIMIT_BYTES,
  isImageTooLarge,
  toEventApiDateTime,
  validateEventForm,
  type EventFormValues,
} from './eventForm';

const today = new Date(2024, 4, 5, 14, 0); // 5 May 2024, 14:00

const valid: EventFormValues = {
  behaviour_type: 'event',
  venue: 1,
  map: 2,
  type: 'musical',
  start_date: '10.05.2024',
  start_time: '19:00',
  end_date: '10.05.2024',
  end_time: '22:00',
  tickets_release_date: '06.05.2024',
  tickets_release_time: '10:00',
  venue_open_date: '10.05.2024',
  venue_open_time: '18:00',
  ticket_vat: 6,
};

const create = { mode: 'create' as const, today };
const edit = { mode: 'edit' as const, today };

describe('validateEventForm: required fields', () => {
  it('accepts a complete regular event', () => {
    expect(validateEventForm(valid, create)).toEqual({});
  });

  it('marks every required field with "Required"', () => {
    expect(validateEventForm({ behaviour_type: 'membership_card' }, create)).toEqual({
      venue: 'Required',
      map: 'Required',
      type: 'Required',
      start_date: 'Required',
      start_time: 'Required',
      end_date: 'Required',
      end_time: 'Required',
      tickets_release_date: 'Required',
      tickets_release_time: 'Required',
    });
  });

  it('marks the venue-open fields of a regular event "Required" too, also while the start date is empty', () => {
    expect(validateEventForm({ behaviour_type: 'event' }, create)).toMatchObject({
      start_date: 'Required',
      venue_open_date: 'Required',
      venue_open_time: 'Required',
    });
    expect(validateEventForm({ ...valid, venue_open_date: '  ' }, create).venue_open_date).toBe('Required');
  });

  it('says what is wrong with a typed date: the format, or the range of years it must lie in', () => {
    const errors = validateEventForm({ ...valid, start_date: '32.13.2026', end_date: '1.1.27', tickets_release_date: '01.01.0027' }, create);
    expect(errors.start_date).toBe('Enter a date as dd.mm.yyyy');
    expect(errors.end_date).toBe('Enter a date as dd.mm.yyyy');
    expect(errors.tickets_release_date).toBe('Enter a date from 01.01.2014 to 31.12.2034');
    expect(validateEventForm({ ...valid, venue_open_date: '10.05.2035' }, create).venue_open_date).toBe(
      'Enter a date from 01.01.2014 to 31.12.2034',
    );
  });

  it('refuses an unknown type and malformed dates or times', () => {
    expect(validateEventForm({ ...valid, type: 'opera' }, create).type).toBe('Choose musical, theater or sport');
    expect(validateEventForm({ ...valid, end_date: '2024-05-10' }, create).end_date).toBe('Enter a date as dd.mm.yyyy');
    expect(validateEventForm({ ...valid, start_time: '7pm' }, create).start_time).toBe('Enter a time as hh:mm');
  });
});

describe('validateEventForm: start date', () => {
  /** The event moved to another day, everything else consistent. */
  const on = (day: string): EventFormValues => ({
    ...valid,
    start_date: day,
    start_time: '08:00',
    end_date: day,
    venue_open_date: day,
    venue_open_time: '07:00',
    tickets_release_date: '01.05.2019',
  });

  it('must not be before today when creating; today is fine', () => {
    expect(validateEventForm(on('04.05.2024'), create)).toEqual({ start_date: 'Start date minimum is today' });
    expect(validateEventForm(on('05.05.2024'), create)).toEqual({});
  });

  it('has no minimum when editing', () => {
    expect(validateEventForm(on('01.01.2020'), edit)).toEqual({});
  });
});

describe('validateEventForm: end and release', () => {
  it('allows an end equal to the start and refuses one before it', () => {
    expect(validateEventForm({ ...valid, end_time: '19:00' }, create).end_date).toBeUndefined();
    expect(validateEventForm({ ...valid, end_time: '18:59' }, create).end_date).toBe('Must be at least at start date');
    expect(validateEventForm({ ...valid, end_date: '09.05.2024' }, create).end_date).toBe('Must be at least at start date');
    expect(validateEventForm({ ...valid, end_date: '11.05.2024', end_time: '01:00' }, create).end_date).toBeUndefined();
  });

  it('compares by day while a time is missing', () => {
    expect(validateEventForm({ ...valid, end_time: '' }, create).end_date).toBeUndefined();
    expect(validateEventForm({ ...valid, end_date: '09.05.2024', end_time: '' }, create).end_date).toBe(
      'Must be at least at start date',
    );
  });

  it('needs the tickets release before the start', () => {
    const release = (date: string, time: string) =>
      validateEventForm({ ...valid, tickets_release_date: date, tickets_release_time: time }, create).tickets_release_date;
    expect(release('10.05.2024', '18:59')).toBeUndefined();
    expect(release('10.05.2024', '19:00')).toBe('Must be before start date');
    expect(release('11.05.2024', '10:00')).toBe('Must be before start date');
    expect(release('10.05.2024', '')).toBeUndefined();
  });
});

describe('validateEventForm: venue open and membership cards', () => {
  it('needs the venue open date on the start day and a venue open time for regular events', () => {
    const openOn = (date: string) => validateEventForm({ ...valid, venue_open_date: date }, create).venue_open_date;
    expect(openOn('09.05.2024')).toBe('Must be same as start date');
    expect(openOn('')).toBe('Required');
    expect(openOn('32.05.2024')).toBe('Enter a date as dd.mm.yyyy');
    expect(validateEventForm({ ...valid, venue_open_time: '' }, create).venue_open_time).toBe('Required');
    expect(validateEventForm({ ...valid, behaviour_type: undefined }, create)).toEqual({});
  });

  it('refuses doors that open after the start, and takes doors at the start', () => {
    const openAt = (time: string) => validateEventForm({ ...valid, venue_open_time: time }, create).venue_open_time;
    expect(openAt('19:30')).toBe('Must be at or before start time');
    expect(openAt('19:00')).toBeUndefined();
    expect(openAt('25:00')).toBe('Enter a time as hh:mm');
  });

  it('ignores the venue-open fields of a membership card and needs VAT 0', () => {
    const card: EventFormValues = {
      ...valid,
      behaviour_type: 'membership_card',
      venue_open_date: '',
      venue_open_time: '',
      ticket_vat: 0,
    };
    expect(validateEventForm(card, create)).toEqual({});
    expect(validateEventForm({ ...card, ticket_vat: 6 }, create)).toEqual({ ticket_vat: 'A membership card has 0% VAT' });
  });
});

describe('applyBehaviourType', () => {
  it('forces VAT 0 and clears the venue-open fields for a membership card', () => {
    expect(applyBehaviourType(valid, 'membership_card')).toEqual({
      ...valid,
      behaviour_type: 'membership_card',
      ticket_vat: 0,
      venue_open_date: null,
      venue_open_time: null,
    });
  });

  it('restores the default VAT when switching back, and keeps a chosen VAT otherwise', () => {
    const card = applyBehaviourType(valid, 'membership_card');
    expect(applyBehaviourType(card, 'event').ticket_vat).toBe(6);
    expect(applyBehaviourType({ ...valid, ticket_vat: 12 }, 'event').ticket_vat).toBe(12);
  });
});

describe('API dates', () => {
  it('sends YYYY-MM-DD HH:mm:00', () => {
    expect(toEventApiDateTime('10.05.2024', '19:30')).toBe('2024-05-10 19:30:00');
    expect(toEventApiDateTime('10.05.2024', '')).toBeNull();
    expect(eventDatesPayload(valid)).toEqual({
      start_date: '2024-05-10 19:00:00',
      end_date: '2024-05-10 22:00:00',
      tickets_release_date: '2024-05-06 10:00:00',
      venue_open_date: '2024-05-10 18:00:00',
    });
  });

  it('sends no venue open date for membership cards and nothing when incomplete', () => {
    expect(eventDatesPayload({ ...valid, behaviour_type: 'membership_card' })).not.toHaveProperty('venue_open_date');
    expect(eventDatesPayload({ ...valid, end_time: '' })).toBeNull();
    expect(eventDatesPayload({ ...valid, venue_open_time: '' })).toBeNull();
  });

  it('reads API dates back into form fields (round trip)', () => {
    const fields = eventFormDatesFromApi(eventDatesPayload(valid)!);
    expect(fields).toEqual({
      start_date: '10.05.2024',
      start_time: '19:00',
      end_date: '10.05.2024',
      end_time: '22:00',
      tickets_release_date: '06.05.2024',
      tickets_release_time: '10:00',
      venue_open_date: '10.05.2024',
      venue_open_time: '18:00',
    });
    expect(eventFormDatesFromApi({ start_date: 'soon', venue_open_date: null })).toMatchObject({
      start_date: '',
      start_time: '',
      venue_open_date: '',
    });
  });

  it('builds the copy wizard start date with 00:00 by default', () => {
    expect(duplicateStartDate('24.12.2024')).toBe('2024-12-24 00:00');
    expect(duplicateStartDate('24.12.2024', '18:15')).toBe('2024-12-24 18:15');
    expect(duplicateStartDate('')).toBeNull();
  });
});

describe('constants', () => {
  it('match the spec', () => {
    expect(EVENT_DEFAULTS).toEqual({
      max_number_tickets: 6,
      sell_on_market: 'anytime',
      sell_to_friend: 'anytime',
      resell_in_group: true,
      resell_max_percent: 50,
      age_restriction: 18,
      kids_allowed: false,
      reservation_time: 60,
      qr_first_generation_time: 60,
      ticket_vat: 6,
    });
    expect(EVENT_TYPES).toEqual(['musical', 'theater', 'sport']);
    expect(IMAGE_LIMIT_BYTES).toBe(104857600);
  });

  it('names the spec texts and enumerations', () => {
    expect(EVENT_FORM_SUBMIT_ERROR).toBe('Error in entered data');
    expect(FILE_SIZE_MODAL).toEqual({
      title: 'File size',
      text: 'The file size is larger than 100Mb. Please optimise the image or select another.',
    });
    expect(BEHAVIOUR_TYPES).toEqual(['event', 'membership_card']);
    expect(ENTITY_TYPES).toEqual(['ordinary', 'seasonal']);
  });

  it('recognises event types and membership cards', () => {
    expect(isEventType('theater')).toBe(true);
    expect(isEventType('theatre')).toBe(false);
    expect(isEventType(undefined)).toBe(false);
    expect(isMembershipCard({ behaviour_type: 'membership_card' })).toBe(true);
    expect(isMembershipCard({ behaviour_type: 'event' })).toBe(false);
    expect(isMembershipCard({})).toBe(false);
  });

  it('refuses images above 100 MB only', () => {
    expect(isImageTooLarge(IMAGE_LIMIT_BYTES)).toBe(false);
    expect(isImageTooLarge(IMAGE_LIMIT_BYTES + 1)).toBe(true);
  });
});
