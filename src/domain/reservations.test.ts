import { describe, expect, it } from 'vitest';
import {
  canAddKidTicket,
  countFreeGaPlaces,
  EVENT_RESERVATION_LIST_TYPES,
  gaStepperBounds,
  isSeatSelectable,
  outOfText,
  pickGeneralAdmissionPlaces,
  standingAreaPlaces,
  RESERVATION_TYPE_LABELS,
  reserveButtonState,
  reservedUntilPayload,
  ticketsColumnText,
  validateBoxOfficeReservation,
  validateReservationForm,
  isHold,
} from './reservations';

describe('reservation types', () => {
  it('lists the event reservation types without box office and shows handicapped as function varied', () => {
    expect(EVENT_RESERVATION_LIST_TYPES).toEqual(['guest', 'corporate', 'handicapped', 'known_person', 'vip']);
    expect(RESERVATION_TYPE_LABELS.handicapped).toBe('Function varied');
  });
});

describe('validateReservationForm', () => {
  const valid = { title: 'Sponsors', type: 'guest' as const, date: '10.05.2024', time: '18:00' };

  it('requires title, type, date and time with "Required!"', () => {
    expect(validateReservationForm({}, 'create')).toEqual({
      title: 'Required!',
      type: 'Required!',
      date: 'Required!',
      time: 'Required!',
    });
    expect(validateReservationForm(valid, 'create')).toEqual({});
  });

  it('requires a corporate for a corporate reservation on create only', () => {
    expect(validateReservationForm({ ...valid, type: 'corporate' }, 'create')).toEqual({ corporate: 'Required!' });
    expect(validateReservationForm({ ...valid, type: 'corporate', corporate: 7 }, 'create')).toEqual({});
    expect(validateReservationForm({ ...valid, type: 'corporate' }, 'edit')).toEqual({});
    expect(validateReservationForm({ ...valid, type: '' }, 'edit')).toEqual({});
  });

  it('on edit, asks no date and time of a paid reservation, which has no hold end', () => {
    const paid = { title: 'Corporate hospitality', type: 'corporate' as const, date: '', time: '' };
    expect(validateReservationForm(paid, 'edit', isHold('completed'))).toEqual({});
    expect(validateReservationForm(paid, 'edit', isHold('new'))).toEqual({ date: 'Required!', time: 'Required!' });
    expect(validateReservationForm(paid, 'edit', isHold('expired'))).toEqual({ date: 'Required!', time: 'Required!' });
    expect(validateReservationForm({ ...paid, title: '' }, 'edit', false)).toEqual({ title: 'Required!' });
    expect(validateReservationForm(paid, 'create', false)).toEqual({ date: 'Required!', time: 'Required!', corporate: 'Required!' });
  });

  it('refuses malformed dates and times', () => {
    expect(validateReservationForm({ ...valid, date: '2024-05-10' }, 'create')).toEqual({ date: 'Enter a date as dd.mm.yyyy' });
    expect(validateReservationForm({ ...valid, time: '25:00' }, 'create')).toEqual({ time: 'Enter a time as hh:mm' });
  });

  it('sends reserved_until as YYYY-MM-DD HH:mm:ss', () => {
    expect(reservedUntilPayload('10.05.2024', '18:30')).toBe('2024-05-10 18:30:00');
    expect(reservedUntilPayload('10.05.2024', '')).toBeNull();
  });
});

describe('validateBoxOfficeReservation', () => {
  it('requires the owner on create and the extra fee always', () => {
    expect(validateBoxOfficeReservation({}, 'create')).toEqual({
      owner: 'User is required',
      extra_fee: 'Extra Fee is required',
    });
    expect(validateBoxOfficeReservation({ extra_fee: '' }, 'edit')).toEqual({ extra_fee: 'Extra Fee is required' });
  });

  it('needs a numeric, non-negative extra fee; 0 and commas are fine', () => {
    expect(validateBoxOfficeReservation({ owner: 3, extra_fee: 'ten' }, 'create')).toEqual({ extra_fee: 'Must be a number' });
    expect(validateBoxOfficeReservation({ owner: 3, extra_fee: -1 }, 'create')).toEqual({ extra_fee: 'Must be 0 or more' });
    expect(validateBoxOfficeReservation({ owner: 3, extra_fee: 0 }, 'create')).toEqual({});
    expect(validateBoxOfficeReservation({ owner: 3, extra_fee: '12,50' }, 'create')).toEqual({});
  });

  it('takes at most 2 decimals and at most 100000 SEK', () => {
    expect(validateBoxOfficeReservation({ owner: 3, extra_fee: '12,505' }, 'create')).toEqual({ extra_fee: 'At most 2 decimals' });
    expect(validateBoxOfficeReservation({ owner: 3, extra_fee: 1.234 }, 'create')).toEqual({ extra_fee: 'At most 2 decimals' });
    expect(validateBoxOfficeReservation({ owner: 3, extra_fee: '100000,01' }, 'create')).toEqual({ extra_fee: 'Must be 100000 or less' });
    expect(validateBoxOfficeReservation({ owner: 3, extra_fee: '100000' }, 'create')).toEqual({});
  });
});

describe('reserveButtonState', () => {
  it('is disabled without seats, with a message while a price is missing', () => {
    expect(reserveButtonState([])).toEqual({ disabled: true });
    expect(reserveButtonState([{ priceChosen: true }, { priceChosen: false }])).toEqual({
      disabled: true,
      message: 'Please select prices for all selected seats.',
    });
    expect(reserveButtonState([{ priceChosen: true }, { priceChosen: true }])).toEqual({ disabled: false });
  });
});

describe('seats and kids', () => {
  it('selects only seats an admin may reserve and that are not taken', () => {
    expect(isSeatSelectable({ can_reserve_admin: true })).toBe(true);
    expect(isSeatSelectable({ can_reserve_admin: false })).toBe(false);
    expect(isSeatSelectable({ can_reserve_admin: true, reserved: true })).toBe(false);
  });

  it('adds a kid ticket only to an assigned, non-child ticket of a kids event with free places', () => {
    const ok = { kidsAllowed: true, ticketAssigned: true, ticketIsChild: false, freePlaces: 1 };
    expect(canAddKidTicket(ok)).toBe(true);
    expect(canAddKidTicket({ ...ok, kidsAllowed: false })).toBe(false);
    expect(canAddKidTicket({ ...ok, ticketAssigned: false })).toBe(false);
    expect(canAddKidTicket({ ...ok, ticketIsChild: true })).toBe(false);
    expect(canAddKidTicket({ ...ok, freePlaces: 0 })).toBe(false);
  });
});

describe('general admission', () => {
  const places = [
    { hidden: true },
    {},
    { reserved: true },
    { handicapped: true },
    {},
    {},
  ];

  it('picks the first free places, skipping hidden, reserved and function-varied ones', () => {
    expect(pickGeneralAdmissionPlaces(places, 2)).toEqual([1, 4]);
    expect(pickGeneralAdmissionPlaces(places, 10)).toEqual([1, 4, 5]);
    expect(pickGeneralAdmissionPlaces(places, 0)).toEqual([]);
    expect(countFreeGaPlaces(places)).toBe(3);
  });

  it('sees a standing area as its released places, the taken ones first, and picks after them', () => {
    const area = standingAreaPlaces(5, 2);
    expect(area).toEqual([{ reserved: true }, { reserved: true }, {}, {}, {}]);
    expect(pickGeneralAdmissionPlaces(area, 2)).toEqual([2, 3]);
    expect(pickGeneralAdmissionPlaces(area, 4)).toEqual([2, 3, 4]);
    expect(countFreeGaPlaces(standingAreaPlaces(5, 7))).toBe(0);
    expect(standingAreaPlaces(0, 0)).toEqual([]);
  });

  it('bounds the stepper from 1 to the free places', () => {
    expect(gaStepperBounds(3)).toEqual({ min: 1, max: 3 });
    expect(gaStepperBounds(1)).toEqual({ min: 1, max: 1 });
    expect(gaStepperBounds(0)).toBeNull();
  });
});

describe('list texts', () => {
  it('writes the ticket counts', () => {
    expect(ticketsColumnText(2, 5)).toBe('2 of 5 ticket(s)');
    expect(outOfText(0, 12)).toBe('0 out of 12');
  });
});
