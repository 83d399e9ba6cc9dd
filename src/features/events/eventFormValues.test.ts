import { describe, expect, it } from 'vitest';
import { eventWriteBody, formFieldErrors, newEventValues, validateEventValues, type EventFormState } from './eventFormValues';

const valid = (over: Partial<EventFormState> = {}): EventFormState => ({
  ...newEventValues('ordinary'),
  type: 'musical',
  venue: '1',
  map: '2',
  genre: '3',
  start_date: '01.06.2099',
  start_time: '20:00',
  end_date: '01.06.2099',
  end_time: '23:00',
  tickets_release_date: '01.01.2099',
  tickets_release_time: '10:00',
  venue_open_date: '01.06.2099',
  venue_open_time: '19:00',
  ...over,
});

describe('the event form values', () => {
  it('when valid, then the body has API dates, numbers for selects and both translations', () => {
    const body = eventWriteBody(valid(), { updatedAt: 'v1' });
    expect(body).toMatchObject({
      start_date: '2099-06-01 20:00:00', venue_open_date: '2099-06-01 19:00:00', venue: 1, map: 2, genre: 3,
      ticket_vat: 6, membership: false, behaviour_type: 'event', entity_type: 'ordinary', updated_at: 'v1',
    });
    expect(body.translations.map((t) => t.language)).toEqual(['en', 'sv']);
  });

  it('when an event is created, then the restriction limit fields go with it (000 §7); a save leaves them alone', () => {
    expect(eventWriteBody(valid(), { create: true })).toMatchObject({ max_number_tickets: 6, reservation_time: 60 });
    const save = eventWriteBody(valid(), { updatedAt: 'v1' });
    expect(save.max_number_tickets).toBeUndefined();
    expect(save.reservation_time).toBeUndefined();
  });

  it('when it is a membership card, then VAT 0 and no venue opening are sent', () => {
    const body = eventWriteBody(valid({ behaviour_type: 'membership_card', ticket_vat: '6', venue_open_date: '', venue_open_time: '' }));
    expect(body.ticket_vat).toBe(0);
    expect(body.venue_open_date).toBeUndefined();
  });

  it('when an admin creates without a promoter, then "Required" on promoter; a promoter is not asked', () => {
    expect(validateEventValues(valid(), { mode: 'create', choosePromoter: true }).promoter).toBe('Required');
    expect(validateEventValues(valid(), { mode: 'create', choosePromoter: false }).promoter).toBeUndefined();
  });

  it('when the server names translations by index, then the errors land on the form\'s language fields', () => {
    expect(formFieldErrors({ 'translations.1.name': 'Too long', start_date: 'Required' })).toEqual({
      translations: { sv: { name: 'Too long' } },
      start_date: 'Required',
    });
  });
});
