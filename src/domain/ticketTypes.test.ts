import { describe, expect, it } from 'vitest';
import { toValidationErrors } from './forms';
import {
  readAge,
  setDefaultTicketType,
  ticketTypeAgeRange,
  ticketTypePayload,
  TICKET_TYPES_FORM_ERROR,
  toggleKids,
  validateTicketTypeRow,
  validateTicketTypes,
  type TicketTypeFormRow,
} from './ticketTypes';

const adult: TicketTypeFormRow = { name: 'Adult', default: true, kids: false, age_from: 18, age_to: null };
const kid: TicketTypeFormRow = { name: 'Kid', default: false, kids: true, age_from: null, age_to: 12 };
const senior: TicketTypeFormRow = { name: 'Senior', default: false, kids: false, age_from: 65, age_to: '' };

describe('readAge', () => {
  it('reads empty and 0 as no limit', () => {
    expect(readAge('')).toEqual({ age: null });
    expect(readAge(null)).toEqual({ age: null });
    expect(readAge(undefined)).toEqual({ age: null });
    expect(readAge(0)).toEqual({ age: null });
    expect(readAge('0')).toEqual({ age: null });
    expect(readAge(' 18 ')).toEqual({ age: 18 });
  });

  it('refuses negative, fractional and non-numeric ages', () => {
    expect(readAge(-1).error).toBe('Must be a positive number');
    expect(readAge('12.5').error).toBe('Must be a whole number');
    expect(readAge('abc').error).toBe('Must be a whole number');
  });
});

describe('validateTicketTypeRow', () => {
  it('accepts valid adult and kids rows', () => {
    expect(validateTicketTypeRow(adult)).toEqual({});
    expect(validateTicketTypeRow(kid)).toEqual({});
    expect(validateTicketTypeRow({ ...adult, age_from: 13, age_to: 14 })).toEqual({});
  });

  it('requires a name of 1 to 100 characters', () => {
    expect(validateTicketTypeRow({ ...adult, name: '  ' }).name).toBe('Required');
    expect(validateTicketTypeRow({ ...adult, name: null }).name).toBe('Required');
    expect(validateTicketTypeRow({ ...adult, name: 'x'.repeat(100) }).name).toBeUndefined();
    expect(validateTicketTypeRow({ ...adult, name: 'x'.repeat(101) }).name).toBe('Must be at most 100 characters');
  });

  it('requires a non-kids age_from above 12', () => {
    expect(validateTicketTypeRow({ ...adult, age_from: 12 }).age_from).toBe('Must be above 12');
    expect(validateTicketTypeRow({ ...adult, age_from: 13 }).age_from).toBeUndefined();
    expect(validateTicketTypeRow({ ...adult, age_from: '' }).age_from).toBe('Must be above 12');
    expect(validateTicketTypeRow({ ...adult, age_from: 0 }).age_from).toBe('Must be above 12');
    expect(validateTicketTypeRow({ ...adult, age_from: -20 }).age_from).toBe('Must be a positive number');
  });

  it('requires a non-kids age_to above age_from or empty', () => {
    expect(validateTicketTypeRow({ ...adult, age_to: 18 }).age_to).toBe('Must be above the age from');
    expect(validateTicketTypeRow({ ...adult, age_to: 17 }).age_to).toBe('Must be above the age from');
    expect(validateTicketTypeRow({ ...adult, age_to: 19 }).age_to).toBeUndefined();
    expect(validateTicketTypeRow({ ...adult, age_to: 0 }).age_to).toBeUndefined();
    expect(validateTicketTypeRow({ ...adult, age_to: '' }).age_to).toBeUndefined();
  });

  it('requires a kids type to be 0–12 and never default', () => {
    expect(validateTicketTypeRow({ ...kid, age_to: 11 }).age_to).toBe('Must be 12 for a kids ticket type');
    expect(validateTicketTypeRow({ ...kid, age_to: 13 }).age_to).toBe('Must be 12 for a kids ticket type');
    expect(validateTicketTypeRow({ ...kid, age_to: '' }).age_to).toBe('Must be 12 for a kids ticket type');
    expect(validateTicketTypeRow({ ...kid, age_to: '12' }).age_to).toBeUndefined();
    expect(validateTicketTypeRow({ ...kid, age_from: 3 }).age_from).toBe('Must be empty for a kids ticket type');
    expect(validateTicketTypeRow({ ...kid, age_from: 0 }).age_from).toBeUndefined();
    expect(validateTicketTypeRow({ ...kid, default: true }).default).toBe('A kids ticket type cannot be the default');
  });
});

describe('validateTicketTypes', () => {
  it('accepts one default among the checked rows', () => {
    expect(validateTicketTypes([adult, kid, senior], 'edit')).toEqual({ rows: [undefined, undefined, undefined], problems: [] });
  });

  it('needs at least one checked row on create', () => {
    const result = validateTicketTypes([{ ...adult, checked: false }], 'create');
    expect(result.problems).toContain('Choose at least one ticket type');
    expect(result.formError).toBe('Error in input data');
  });

  it('needs the default to be one of the checked rows', () => {
    const result = validateTicketTypes([{ ...adult, checked: false }, { ...senior, checked: true }], 'create');
    expect(result.problems).toEqual(['Exactly one ticket type must be the default']);
    expect(validateTicketTypes([{ ...adult, checked: true }, { ...senior, checked: false }], 'create').problems).toEqual([]);
  });

  it('refuses two defaults and no default', () => {
    expect(validateTicketTypes([adult, { ...senior, default: true }], 'edit').problems).toEqual([
      'Exactly one ticket type must be the default',
    ]);
    expect(validateTicketTypes([{ ...adult, default: false }, senior], 'edit').formError).toBe('Error in input data');
  });

  it('does not validate unchecked rows', () => {
    const result = validateTicketTypes([adult, { ...senior, checked: false, name: '' }], 'create');
    expect(result).toEqual({ rows: [undefined, undefined], problems: [] });
  });

  it('refuses two checked rows with the same name, ignoring case', () => {
    const result = validateTicketTypes([adult, { ...senior, name: ' adult ' }], 'edit');
    expect(result.rows).toEqual([
      { name: 'Another ticket type has this name' },
      { name: 'Another ticket type has this name' },
    ]);
    expect(validateTicketTypes([adult, { ...senior, name: 'adult', checked: false }], 'create').rows).toEqual([
      undefined,
      undefined,
    ]);
  });

  it('reports row errors at their index and flattens them for the server', () => {
    const result = validateTicketTypes([adult, { ...kid, age_to: 10 }], 'edit');
    expect(result.rows).toEqual([undefined, { age_to: 'Must be 12 for a kids ticket type' }]);
    expect(result.formError).toBe('Error in input data');
    expect(toValidationErrors(result.rows, 'ticket_types')).toEqual({
      'ticket_types.1.age_to': ['Must be 12 for a kids ticket type'],
    });
  });

  it('has no form error on an empty edit list', () => {
    expect(validateTicketTypes([], 'edit')).toEqual({ rows: [], problems: [] });
  });
});

describe('form error text', () => {
  it('is the spec text', () => {
    expect(TICKET_TYPES_FORM_ERROR).toBe('Error in input data');
  });
});

describe('toggleKids', () => {
  it('sets 0–12 when switched on and 18+ when switched off', () => {
    expect(toggleKids(adult, true)).toEqual({ ...adult, kids: true, age_from: null, age_to: 12 });
    expect(toggleKids(kid, false)).toEqual({ ...kid, kids: false, age_from: 18, age_to: null });
  });

  it('keeps other fields, so a kids default is reported by validation', () => {
    const toggled = toggleKids({ ...adult, id: 4 }, true);
    expect(toggled.id).toBe(4);
    expect(validateTicketTypeRow(toggled).default).toBe('A kids ticket type cannot be the default');
  });
});

describe('helpers', () => {
  it('makes exactly one row the default', () => {
    expect(setDefaultTicketType([adult, kid, senior], 2).map((row) => row.default)).toEqual([false, false, true]);
  });

  it('describes the age range (kids always 0–12)', () => {
    expect(ticketTypeAgeRange({ kids: true, age_from: 5, age_to: 9 })).toEqual({ from: 0, to: 12 });
    expect(ticketTypeAgeRange(adult)).toEqual({ from: 18, to: null });
    expect(ticketTypeAgeRange({ kids: false, age_from: '13', age_to: '17' })).toEqual({ from: 13, to: 17 });
  });

  it('builds the payload with numeric ages', () => {
    expect(ticketTypePayload({ ...senior, name: ' Senior ', age_from: '65', age_to: '0' })).toEqual({
      name: 'Senior',
      default: false,
      kids: false,
      age_from: 65,
      age_to: null,
      min: 0,
      max: null,
    });
    expect(ticketTypePayload({ ...kid, age_from: 4, age_to: '' })).toMatchObject({ age_from: null, age_to: 12 });
  });
});

describe('min and max number of tickets (issue 23)', () => {
  it('accepts empty (0 and no maximum) and whole numbers, max not below min', async () => {
    const { validateTicketTypeRow, ticketTypePayload, TICKET_TYPE_MESSAGES } = await import('./ticketTypes');
    const row = { name: 'Adult', default: true, kids: false, age_from: 18, age_to: '' };
    expect(validateTicketTypeRow({ ...row, min: '', max: '' })).toEqual({});
    expect(ticketTypePayload({ ...row, min: '', max: '' })).toMatchObject({ min: 0, max: null });
    expect(ticketTypePayload({ ...row, min: '2', max: ' 10 ' })).toMatchObject({ min: 2, max: 10 });
    expect(validateTicketTypeRow({ ...row, min: '5', max: '4' })).toEqual({ max: TICKET_TYPE_MESSAGES.maxBelowMin });
    expect(validateTicketTypeRow({ ...row, min: '5', max: '5' })).toEqual({});
    expect(validateTicketTypeRow({ ...row, min: '1,5', max: '-1' })).toEqual({ min: TICKET_TYPE_MESSAGES.countNotWhole, max: TICKET_TYPE_MESSAGES.ageNegative });
    expect(validateTicketTypeRow({ ...row, max: '99999999999' })).toEqual({ max: TICKET_TYPE_MESSAGES.countTooHigh });
  });
});
