import { describe, expect, it } from 'vitest';
import { eventMenuPage } from './eventMenuPage';

const pages = ['dashboard', 'basic-information', 'ticket-types', 'venue-map', 'reservations', 'merchandise', 'boxoffice', 'reassign'];

describe('eventMenuPage', () => {
  it('names the page of a menu address and of its sub-pages', () => {
    expect(eventMenuPage('/events/4/ticket-types', '/events/4', pages)).toBe('ticket-types');
    expect(eventMenuPage('/events/4/venue-map/A/details', '/events/4', pages)).toBe('venue-map');
    expect(eventMenuPage('/events/4/merchandise/3/edit', '/events/4', pages)).toBe('merchandise');
    expect(eventMenuPage('/events/4/boxoffice/add', '/events/4', pages)).toBe('boxoffice');
  });

  it('counts the edit form, a reservation and an order of the event as the pages they belong to', () => {
    expect(eventMenuPage('/events/4/edit', '/events/4', pages)).toBe('basic-information');
    expect(eventMenuPage('/events/4/reservation/12/edit', '/events/4', pages)).toBe('reservations');
    expect(eventMenuPage('/events/4/reservation/12/map', '/events/4', pages)).toBe('reservations');
    expect(eventMenuPage('/events/4/general/77', '/events/4', pages)).toBe('reassign');
  });

  it('names none for an address outside the menu or of another event', () => {
    expect(eventMenuPage('/events/4/copy', '/events/4', pages)).toBe('');
    expect(eventMenuPage('/events/4/general/77', '/events/4', pages.filter((p) => p !== 'reassign'))).toBe('');
    expect(eventMenuPage('/events/40/edit', '/events/4', pages)).toBe('');
  });
});
