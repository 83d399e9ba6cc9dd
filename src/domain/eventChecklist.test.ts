import { describe, expect, it } from 'vitest';
import { eventChecklist, eventTotalOre, isPricingComplete, soldProgress } from './eventChecklist';

const draft = {
  ticketTypesCount: 2,
  seats: { count: 100, has_default_price: 100 },
  status: 'draft',
  restrictions_confirmed: false,
};

describe('eventChecklist', () => {
  it('marks ticket types done from one type on', () => {
    expect(eventChecklist(draft).ticketTypes).toBe(true);
    expect(eventChecklist({ ...draft, ticketTypesCount: 0 }).ticketTypes).toBe(false);
  });

  it('marks pricing done and allows publishing only when every seat has a default price', () => {
    expect(eventChecklist(draft)).toMatchObject({ pricing: true, canPublish: true });
    expect(eventChecklist({ ...draft, seats: { count: 100, has_default_price: 99 } })).toMatchObject({
      pricing: false,
      canPublish: false,
    });
    expect(isPricingComplete({ count: 0, has_default_price: 0 })).toBe(false);
  });

  it('marks restrictions done when active or confirmed', () => {
    expect(eventChecklist(draft).restrictions).toBe(false);
    expect(eventChecklist({ ...draft, restrictions_confirmed: true }).restrictions).toBe(true);
    expect(eventChecklist({ ...draft, status: 'active' }).restrictions).toBe(true);
  });
});

describe('dashboard figures', () => {
  it('divides sold tickets by priced seats', () => {
    expect(soldProgress(25, 100)).toBe(0.25);
    expect(soldProgress(0, 0)).toBe(0);
    expect(soldProgress(120, 100)).toBe(1);
  });

  it('adds ticket net, service and admin fees', () => {
    expect(eventTotalOre({ ticketsNetOre: 100_000, serviceFeesOre: 2_050, adminFeesOre: 999 })).toBe(103_049);
  });
  it('takes off what refunds gave back', () => {
    expect(eventTotalOre({ ticketsNetOre: 100_000, serviceFeesOre: 2_050, adminFeesOre: 999, refundsOre: 51_800 })).toBe(51_249);
  });
});
