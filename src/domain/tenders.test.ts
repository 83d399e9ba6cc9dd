import { describe, expect, it } from 'vitest';
import { cashDifference, changeDue, parseGiven, receiptVatLines, releaseMessage, tenderRow, TENDER_MESSAGES } from './tenders';
import { formatSek } from './money';
import { vatRow } from './vat';

describe('changeDue', () => {
  it('is what was given minus the total, in öre', () => {
    expect(changeDue(45_950, 50_000)).toBe(4_050);
    expect(changeDue(45_950, 45_950)).toBe(0);
    expect(changeDue(45_950, 40_000)).toBe(-5_950);
  });
});

describe('parseGiven', () => {
  it('reads SEK with a comma or a dot; empty is the exact amount', () => {
    expect(parseGiven('500', 45_950)).toEqual({ ore: 50_000 });
    expect(parseGiven('459,50', 45_950)).toEqual({ ore: 45_950 });
    expect(parseGiven('  ', 45_950)).toEqual({ ore: 45_950 });
  });
  it('refuses what is not an amount', () => {
    expect(parseGiven('five hundred', 45_950)).toEqual({ error: TENDER_MESSAGES.givenInvalid });
    expect(parseGiven('-10', 45_950)).toEqual({ error: TENDER_MESSAGES.givenInvalid });
    expect(parseGiven('1,234', 45_950)).toEqual({ error: TENDER_MESSAGES.givenInvalid });
  });
});

describe('tenderRow', () => {
  it('cash: change = given − total, and no amount given is the exact amount', () => {
    expect(tenderRow({ method: 'cash', given_ore: 50_000 }, 45_950)).toEqual({ method: 'cash', total_ore: 45_950, given_ore: 50_000, change_ore: 4_050, reference: null });
    expect(tenderRow({ method: 'cash' }, 45_950)).toEqual({ method: 'cash', total_ore: 45_950, given_ore: 45_950, change_ore: 0, reference: null });
  });
  it('cash below the total is refused with the total named', () => {
    expect(tenderRow({ method: 'cash', given_ore: 40_000 }, 45_950)).toEqual({ error: TENDER_MESSAGES.givenTooLow(45_950), field: 'given' });
    expect(TENDER_MESSAGES.givenTooLow(45_950)).toMatch(/^The amount given is less than the total \(459,50\skr\)\.$/);
  });
  it('card needs the terminal reference; other may have one', () => {
    expect(tenderRow({ method: 'card', reference: ' ' }, 1000)).toEqual({ error: TENDER_MESSAGES.referenceRequired, field: 'reference' });
    expect(tenderRow({ method: 'card', reference: ' 4711-A ' }, 1000)).toEqual({ method: 'card', total_ore: 1000, given_ore: null, change_ore: null, reference: '4711-A' });
    expect(tenderRow({ method: 'other', given_ore: 5000 }, 1000)).toEqual({ method: 'other', total_ore: 1000, given_ore: null, change_ore: null, reference: null });
    expect(tenderRow({ method: 'other', reference: 'x'.repeat(61) }, 1000)).toEqual({ error: TENDER_MESSAGES.referenceTooLong, field: 'reference' });
  });
});

describe('cashDifference', () => {
  it('is counted − expected: negative when the drawer is short', () => {
    expect(cashDifference(120_000, 119_500)).toBe(-500);
    expect(cashDifference(120_000, 120_000)).toBe(0);
  });
});

describe('receiptVatLines', () => {
  it('gives the tickets at their rate and the fees at theirs, adding up to the calculator\'s VAT', () => {
    expect(receiptVatLines(40_000, 5_950, 6, 25)).toEqual([
      { ratePercent: 6, exclOre: 37_736, vatOre: 2_264 },
      { ratePercent: 25, exclOre: 4_760, vatOre: 1_190 },
    ]);
  });
  it('merges one rate into one line, each part rounded as the calculator rounds it', () => {
    const [line] = receiptVatLines(10_001, 999, 25, 25);
    expect(line).toEqual({ ratePercent: 25, exclOre: vatRow(10_001, 25).exclOre + vatRow(999, 25).exclOre, vatOre: vatRow(10_001, 25).vatOre + vatRow(999, 25).vatOre });
    expect(receiptVatLines(10_000, 0, 6, 25)).toHaveLength(1);
  });
});

describe('releaseMessage', () => {
  it('says what goes back and how, per tender', () => {
    expect(releaseMessage(2, [{ method: 'card', amountOre: 329000 }])).toBe(`2 ticket(s) released: give back ${formatSek(329000)} to the card.`);
    expect(releaseMessage(3, [{ method: 'cash', amountOre: 100000 }, { method: 'card', amountOre: 5000 }]))
      .toBe(`3 ticket(s) released: give back ${formatSek(100000)} in cash and ${formatSek(5000)} to the card.`);
    expect(releaseMessage(1, [])).toBe('1 ticket(s) released: nothing was paid for them, nothing to give back.');
  });
});
