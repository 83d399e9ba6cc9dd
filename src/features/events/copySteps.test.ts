import { describe, expect, it } from 'vitest';
import { conflictLine, copiedMessage, copyNeedsReview, copyShare, initialProgress, reservationsNote } from './copySteps';

describe('copy wizard progress', () => {
  it('when nothing ran, then 0; when all five steps are done, then 1', () => {
    expect(copyShare(initialProgress())).toBe(0);
    expect(copyShare({ ...initialProgress(), steps: ['done', 'done', 'done', 'done', 'done'] })).toBe(1);
  });
  it('when step 2 is at a sub-step, then its part is split by sub-steps', () => {
    const p = { ...initialProgress(), steps: ['done', 'running', 'waiting', 'waiting', 'waiting'] as const, priceSubStep: 4 };
    expect(copyShare({ ...p, steps: [...p.steps] })).toBeCloseTo((1 + 4 / 7) / 5);
  });
});

describe('copy wizard, reservations step', () => {
  it('when reservations were copied, then the note counts them and their seats, and what was not held', () => {
    expect(reservationsNote({ reservations: 2, seats: 5, already_copied: 0, conflicts: [] })).toBe('2 reservations copied (5 seats)');
    const taken = { reservation_id: 7, reservation: 'Volvo', section: 'Section 101', row: '3', seat: '4', reason: 'taken' as const };
    expect(reservationsNote({ reservations: 1, seats: 1, already_copied: 3, conflicts: [taken] })).toBe('1 reservation copied (1 seat), 3 copied before, 1 seat not copied');
    expect(reservationsNote({ reservations: 0, seats: 0, already_copied: 0, conflicts: [] })).toBe('0 reservations copied (0 seats)');
  });
  it('when a place was not copied, then its line says where, whose and why', () => {
    expect(conflictLine({ reservation_id: 7, reservation: 'Volvo', section: 'Section 101', row: '3', seat: '4', reason: 'taken' }))
      .toBe('Section 101, row 3, seat 4 of “Volvo” (#7): already taken on the copy');
    expect(conflictLine({ reservation_id: 7, reservation: 'Volvo', section: 'Section 101', row: '3', seat: '5', reason: 'leased' }))
      .toBe('Section 101, row 3, seat 5 of “Volvo” (#7): leased to a box-office counter');
    expect(conflictLine({ reservation_id: 7, reservation: 'Volvo', section: 'Section 101', row: '3', seat: '6', reason: 'hidden' }))
      .toBe('Section 101, row 3, seat 6 of “Volvo” (#7): hidden on the copy');
    expect(conflictLine({ reservation_id: 7, reservation: 'Volvo', section: 'Section 101', row: '3', seat: '7', reason: 'unpriced' }))
      .toBe('Section 101, row 3, seat 7 of “Volvo” (#7): not priced on the copy');
    expect(conflictLine({ reservation_id: 8, reservation: 'Ericsson', section: 'Floor', row: null, seat: null, reason: 'no_free_place' }))
      .toBe('Floor (standing) of “Ericsson” (#8): no free place left in the section');
  });
});

describe('copy wizard, the end', () => {
  const done = { ...initialProgress(), notes: ['', '', '', '2 reservations copied (5 seats)', ''] };
  it("when everything was copied, then the message gives each step's result and the dashboard opens", () => {
    const p = { ...done, notes: ['Draft created: Gala', '', 'Restrictions copied', '2 reservations copied (5 seats)', '2 items'], shopRows: [{ name: 'Scarf', state: 'copied' as const }] };
    expect(copiedMessage(p)).toBe('Event copied. Event Info: Draft created: Gala. Restrictions: Restrictions copied. Reservations: 2 reservations copied (5 seats). Shop: 2 items.');
    expect(copyNeedsReview(p)).toBe(false);
    expect(copiedMessage(initialProgress())).toBe('Event copied.');
  });

  it('when a place or a shop item was left behind, then the wizard stays for review', () => {
    expect(copyNeedsReview({ ...done, shopRows: [{ name: 'Cap', state: 'failed' }] })).toBe(true);
    expect(copyNeedsReview({ ...done, reservationConflicts: ['Section A, row 1, seat 2 of “X” (#1): already taken on the copy'] })).toBe(true);
  });
});


describe('the copy\'s default name', () => {
  it('is the source\'s name with " (copy)", so the two are told apart in every list', async () => {
    const { copyName } = await import('./copySteps');
    expect(copyName('Les Misérables')).toBe('Les Misérables (copy)');
    expect(copyName('  Jazz ')).toBe('Jazz (copy)');
    expect(copyName('')).toBe('');
  });
});
