import { describe, expect, it } from 'vitest';
import {
  filterDigitsInput,
  hasKidsTicketType,
  KIDS_NOT_DEFINED_MESSAGE,
  kidsAllowedField,
  qrFieldText,
  qrInEventSeconds,
  readWholeNumber,
  RESTRICTIONS_FORM_DEFAULTS,
  restrictionsFormValues,
  restrictionsPayload,
  SELL_ON_MARKET_OPTIONS,
  SELL_TO_FRIEND_OPTIONS,
  splitQrInEventSeconds,
  validateRestrictions,
  type EventRestrictions,
} from './restrictions';

const withKids = [{ kids: false }, { kids: true }];
const withoutKids = [{ kids: false }];

describe('kids allowed', () => {
  it('needs a kids ticket type', () => {
    expect(hasKidsTicketType(withKids)).toBe(true);
    expect(hasKidsTicketType(withoutKids)).toBe(false);
    expect(hasKidsTicketType([])).toBe(false);
  });

  it('is disabled and forced off, with the message, without a kids type', () => {
    expect(kidsAllowedField(withoutKids, true)).toEqual({
      value: false,
      disabled: true,
      message: "Kid's ticket type has not been defined for the event.",
    });
    expect(KIDS_NOT_DEFINED_MESSAGE).toBe("Kid's ticket type has not been defined for the event.");
  });

  it('follows the form value with a kids type', () => {
    expect(kidsAllowedField(withKids, true)).toEqual({ value: true, disabled: false });
    expect(kidsAllowedField(withKids, undefined)).toEqual({ value: false, disabled: false });
  });
});

describe('QR times', () => {
  it('sends hours*3600 + minutes*60 + seconds', () => {
    expect(qrInEventSeconds({ hours: 1, minutes: 2, seconds: 3 })).toBe(3723);
    expect(qrInEventSeconds({ hours: '2', minutes: '', seconds: '5' })).toBe(7205);
    expect(qrInEventSeconds({})).toBe(0);
    expect(qrInEventSeconds({ minutes: 90 })).toBe(5400);
  });

  it('splits seconds back', () => {
    expect(splitQrInEventSeconds(3723)).toEqual({ hours: 1, minutes: 2, seconds: 3 });
    expect(splitQrInEventSeconds(59)).toEqual({ hours: 0, minutes: 0, seconds: 59 });
    expect(splitQrInEventSeconds(86_400)).toEqual({ hours: 24, minutes: 0, seconds: 0 });
    expect(splitQrInEventSeconds(null)).toEqual({ hours: 0, minutes: 0, seconds: 0 });
    expect(splitQrInEventSeconds(-5)).toEqual({ hours: 0, minutes: 0, seconds: 0 });
  });

  it('round-trips', () => {
    for (const total of [0, 1, 59, 60, 3599, 3600, 3661, 100_000]) {
      expect(qrInEventSeconds(splitQrInEventSeconds(total))).toBe(total);
    }
  });

  it('shows empty or zero as empty', () => {
    expect(qrFieldText(0)).toBe('');
    expect(qrFieldText('0')).toBe('');
    expect(qrFieldText('')).toBe('');
    expect(qrFieldText(null)).toBe('');
    expect(qrFieldText(60)).toBe('60');
    expect(qrFieldText('007')).toBe('7');
  });

  it('accepts only digits', () => {
    expect(filterDigitsInput('12', '1')).toBe('12');
    expect(filterDigitsInput('1a', '1')).toBe('1');
    expect(filterDigitsInput('1.5', '1')).toBe('1');
    expect(filterDigitsInput('-1', '')).toBe('');
    expect(filterDigitsInput('', '1')).toBe('');
    expect(readWholeNumber('12')).toBe(12);
    expect(readWholeNumber('1.5')).toBeNull();
    expect(readWholeNumber(1.5)).toBeNull();
    expect(readWholeNumber(-1)).toBeNull();
  });
});

describe('sell options', () => {
  it('are the spec values', () => {
    expect(SELL_ON_MARKET_OPTIONS).toEqual(['false', 'sold-out', 'anytime']);
    expect(SELL_TO_FRIEND_OPTIONS).toEqual(['not-sold-out', 'anytime']);
  });
});

describe('validateRestrictions', () => {
  it('accepts the defaults', () => {
    expect(validateRestrictions(RESTRICTIONS_FORM_DEFAULTS)).toEqual({});
  });

  it('refuses non-numbers and a percentage above 100', () => {
    expect(
      validateRestrictions({ max_number_tickets: 'six', qr_inevent_minutes: '1,5', resell_max_percent: 101 }),
    ).toEqual({ max_number_tickets: 'Must be a number', qr_inevent_minutes: 'Must be a whole number', resell_max_percent: 'Must be at most 100' });
    expect(validateRestrictions({ resell_max_percent: 100 })).toEqual({});
  });

  it('says "Must be 0 or more" for a negative number, typed or sent, and still "Must be a number" for text', () => {
    expect(validateRestrictions({ max_number_tickets: '-5', reservation_time: ' -1,5 ', age_restriction: -3 })).toEqual({
      max_number_tickets: 'Must be 0 or more',
      reservation_time: 'Must be 0 or more',
      age_restriction: 'Must be 0 or more',
    });
    expect(validateRestrictions({ max_number_tickets: '-', reservation_time: '5-' })).toEqual({
      max_number_tickets: 'Must be a number',
      reservation_time: 'Must be a number',
    });
    expect(validateRestrictions({ max_number_tickets: '0' })).toEqual({});
  });

  it('says "Must be a whole number" for a fraction, typed or sent', () => {
    expect(validateRestrictions({ max_number_tickets: '1.5', reservation_time: '2,5', age_restriction: 12.5 })).toEqual({
      max_number_tickets: 'Must be a whole number',
      reservation_time: 'Must be a whole number',
      age_restriction: 'Must be a whole number',
    });
  });

  it('refuses unknown sell options', () => {
    expect(validateRestrictions({ sell_on_market: 'never' as never, sell_to_friend: 'sold-out' as never })).toEqual({
      sell_on_market: 'Required',
      sell_to_friend: 'Required',
    });
  });
});

describe('form values and payload', () => {
  const saved: EventRestrictions = {
    max_number_tickets: null,
    sell_on_market: 'sold-out',
    sell_to_friend: 'not-sold-out',
    resell_in_group: false,
    resell_max_percent: 20,
    age_restriction: 15,
    kids_allowed: true,
    reservation_time: 30,
    qr_first_generation_time: 0,
    qr_inevent_showing_time: 3723,
  };

  it('starts a new form with empty max tickets and reservation time 0', () => {
    expect(RESTRICTIONS_FORM_DEFAULTS.max_number_tickets).toBe('');
    expect(RESTRICTIONS_FORM_DEFAULTS.reservation_time).toBe(0);
    expect(RESTRICTIONS_FORM_DEFAULTS.qr_first_generation_time).toBe(60);
  });

  it('fills the form from saved restrictions', () => {
    expect(restrictionsFormValues(saved)).toMatchObject({
      max_number_tickets: '',
      qr_first_generation_time: '',
      qr_inevent_hours: '1',
      qr_inevent_minutes: '2',
      qr_inevent_seconds: '3',
    });
  });

  it('sends numbers, restrictions_confirmed and the QR times for admins', () => {
    expect(restrictionsPayload(restrictionsFormValues(saved), { ticketTypes: withKids, canEditQr: true })).toEqual({
      max_number_tickets: null,
      sell_on_market: 'sold-out',
      sell_to_friend: 'not-sold-out',
      resell_in_group: false,
      resell_max_percent: 20,
      age_restriction: 15,
      kids_allowed: true,
      reservation_time: 30,
      restrictions_confirmed: true,
      qr_first_generation_time: 0,
      qr_inevent_showing_time: 3723,
    });
  });

  it('leaves the QR times out for promoters and forces kids off without a kids type', () => {
    const payload = restrictionsPayload({ ...restrictionsFormValues(saved), max_number_tickets: '8' }, {
      ticketTypes: withoutKids,
      canEditQr: false,
    });
    expect(payload).not.toHaveProperty('qr_first_generation_time');
    expect(payload).not.toHaveProperty('qr_inevent_showing_time');
    expect(payload.kids_allowed).toBe(false);
    expect(payload.max_number_tickets).toBe(8);
  });

  it('sends an in-event time of zero as not set and an empty reservation time as 0', () => {
    const payload = restrictionsPayload({ reservation_time: '' }, { ticketTypes: [], canEditQr: true });
    expect(payload.qr_inevent_showing_time).toBeNull();
    expect(payload.reservation_time).toBe(0);
    expect(payload.resell_max_percent).toBe(50);
    expect(payload.age_restriction).toBe(18);
  });
});
