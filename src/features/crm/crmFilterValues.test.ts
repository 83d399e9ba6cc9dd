import { describe, expect, it } from 'vitest';
import { crmFilterErrors, crmFilterFromParam, crmFilterToParam, emptyCrmFilter, toCrmFilters } from './crmFilterValues';

describe('the CRM filter form', () => {
  it('starts with no metric and the §9 default values', () => {
    const v = emptyCrmFilter();
    expect(v.metrics.adult_tickets).toMatchObject({ enabled: false, value: '1', period: 'none' });
    expect(v.metrics.discount_usage.value).toBe('1');
    expect(toCrmFilters(v, '2026-05-10')).toEqual({});
  });

  it('turns ticked metrics into the API filter, spends in SEK with a decimal comma, periods into dates', () => {
    const v = emptyCrmFilter();
    v.gender = 'male';
    v.metrics.adult_tickets = { ...v.metrics.adult_tickets, enabled: true, operator: 'more', value: '2', period: 'year' };
    v.metrics.ticket_spend = { ...v.metrics.ticket_spend, enabled: true, operator: 'equal', value: '99,50', period: 'custom', from: '2026-01-01', to: '2026-01-31' };
    expect(crmFilterErrors(v)).toEqual({});
    expect(toCrmFilters(v, '2026-05-10')).toEqual({
      gender: 'male',
      metrics: {
        adult_tickets: { operator: 'more', value: 2, date_from: '2026-01-01', date_to: '2026-12-31' },
        ticket_spend: { operator: 'equal', value: 99.5, date_from: '2026-01-01', date_to: '2026-01-31' },
      },
    });
  });

  it('says what is wrong: numbers, a range backwards, ages out of order', () => {
    const v = emptyCrmFilter();
    v.age_from = '50';
    v.age_to = '20';
    v.metrics.adult_tickets = { ...v.metrics.adult_tickets, enabled: true, value: '1.5' };
    v.metrics.merchandise_spend = { ...v.metrics.merchandise_spend, enabled: true, value: '10', period: 'custom', from: '2026-02-02', to: '2026-02-01' };
    expect(crmFilterErrors(v)).toEqual({
      age_to: 'Age to may not be below age from.',
      'adult_tickets.value': 'Enter valid number',
      'merchandise_spend.to': 'The to date may not be before the from date.',
    });
  });
});

describe('the filter in the address', () => {
  it('when a filter is written to the address and read back, then it is the same filter', () => {
    const v = emptyCrmFilter();
    v.events = [3, 7];
    v.gender = 'female';
    v.age_from = '30';
    v.metrics.adult_tickets = { enabled: true, operator: 'less', value: '2', period: 'month', from: null, to: null };
    expect(crmFilterFromParam(crmFilterToParam(v))).toEqual(v);
    expect(crmFilterToParam(emptyCrmFilter())).toBe('');
  });
  it('when the address holds rubbish, then the empty filter (or its sound parts) comes back', () => {
    expect(crmFilterFromParam('{not json')).toEqual(emptyCrmFilter());
    const odd = crmFilterFromParam(JSON.stringify({ events: [1, -2, 'x'], gender: 'other', metrics: { adult_tickets: { enabled: true, operator: 'drop', period: 'ever' } } }));
    expect(odd.events).toEqual([1]);
    expect(odd.gender).toBe('');
    expect(odd.metrics.adult_tickets).toMatchObject({ enabled: true, operator: 'more', period: 'none' });
  });
});
