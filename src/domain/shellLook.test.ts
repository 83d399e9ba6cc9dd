import { describe, expect, it } from 'vitest';
import { profileMenuGroups, sideMenuLabel } from './roles';
import { formatVatOption } from './vat';

describe('the profile menu has no stray divider', () => {
  it('box office: Logout alone, one group (no divider above it)', () => {
    expect(profileMenuGroups('boxoffice').map((g) => g.map((i) => i.label))).toEqual([['Logout']]);
  });
  it('admin: settings, then Logout after a divider', () => {
    expect(profileMenuGroups('admin').map((g) => g.map((i) => i.label))).toEqual([['Account Settings', 'Platform Settings'], ['Logout']]);
  });
});

describe('a page is titled as its menu item', () => {
  it('"Affiliate Marketing" for a promoter, "Affiliates" for an admin', () => {
    expect(sideMenuLabel('promoter', 'affiliates', 'Affiliates')).toBe('Affiliate Marketing');
    expect(sideMenuLabel('admin', 'affiliates', 'x')).toBe('Affiliates');
  });
});

describe('VAT dropdowns read like the totals (Swedish style)', () => {
  it('"6,00 %"', () => {
    expect(formatVatOption(6)).toBe('6,00 %');
    expect(formatVatOption(25)).toBe('25,00 %');
    expect(formatVatOption(12.5)).toBe('12,50 %');
    expect(formatVatOption(0)).toBe('0,00 %');
  });
});
