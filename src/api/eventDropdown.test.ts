import { describe, expect, it } from 'vitest';
import { eventDropdownParams } from './eventsApi';

describe('the events dropdown call (002 §7 "GET /api/events/dropdown with filters")', () => {
  it('sends each filter as a flat filters[...] key and leaves out what is not chosen', () => {
    expect(eventDropdownParams({})).toEqual({});
    expect(eventDropdownParams({ promoter_id: 4, entity_type: 'ordinary', status: 'active', has_orders: true, search: ' jazz ' })).toEqual({
      'filters[promoter_id]': 4, 'filters[entity_type]': 'ordinary', 'filters[status]': 'active', 'filters[has_orders]': 1, 'filters[search]': 'jazz',
    });
    expect(eventDropdownParams({ has_orders: false, search: '  ' })).toEqual({});
  });
});
