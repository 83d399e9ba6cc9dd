import { describe, expect, it } from 'vitest';
import { crmAgeRangeError, crmDateRangeError, crmFiltersFromQuery, crmFiltersToQuery, crmPeriodDates, type CrmFilters } from './crmFilter';

describe('crmPeriodDates (002 §9 periods)', () => {
  it('no time has no dates; this month and this year run from their first to their last day', () => {
    expect(crmPeriodDates('none', '2026-02-14')).toEqual({});
    expect(crmPeriodDates('month', '2026-02-14')).toEqual({ date_from: '2026-02-01', date_to: '2026-02-28' });
    expect(crmPeriodDates('month', '2028-02-03')).toEqual({ date_from: '2028-02-01', date_to: '2028-02-29' });
    expect(crmPeriodDates('month', '2026-12-31')).toEqual({ date_from: '2026-12-01', date_to: '2026-12-31' });
    expect(crmPeriodDates('year', '2026-07-01')).toEqual({ date_from: '2026-01-01', date_to: '2026-12-31' });
  });
  it('a custom range is the chosen days', () => {
    expect(crmPeriodDates('custom', '2026-07-01', { from: '2026-03-01', to: '2026-03-31' })).toEqual({ date_from: '2026-03-01', date_to: '2026-03-31' });
  });
});

describe('range rules (002 §5)', () => {
  it('the to date may not be before the from date', () => {
    expect(crmDateRangeError('2026-03-02', '2026-03-01')).toBe('The to date may not be before the from date.');
    expect(crmDateRangeError('2026-03-01', '2026-03-01')).toBeUndefined();
    expect(crmDateRangeError(undefined, '2026-03-01')).toBeUndefined();
  });
  it('age to may not be below age from', () => {
    expect(crmAgeRangeError(40, 30)).toBeTruthy();
    expect(crmAgeRangeError(30, 30)).toBeUndefined();
  });
});

describe('the filter as query keys and back', () => {
  it('round-trips every field', () => {
    const filters: CrmFilters = {
      events: [3, 7], gender: 'female', age_from: 20, age_to: 40,
      metrics: { adult_tickets: { operator: 'more', value: 2, date_from: '2026-01-01', date_to: '2026-12-31' }, ticket_spend: { operator: 'less', value: 499.5 } },
    };
    const q = crmFiltersToQuery(filters);
    expect(q['filters[events]']).toBe('3,7');
    expect(q['filters[ticket_spend][value]']).toBe('499.5');
    expect(crmFiltersFromQuery(q)).toEqual(filters);
  });
  it('an empty filter has no keys', () => {
    expect(crmFiltersToQuery({})).toEqual({});
    expect(crmFiltersFromQuery({})).toEqual({});
  });
});
