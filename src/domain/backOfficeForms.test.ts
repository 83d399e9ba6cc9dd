import { describe, expect, it } from 'vitest';
import {
  AFFILIATE_DEFAULT_COLOR,
  AFFILIATE_LOGO_MAX_BYTES,
  validateAffiliateBranding,
  validateAffiliateForm,
  blacklistExpiryTextError,
  validateBlacklistEntry,
  validateCrmMessage,
  validateFaqItem,
  validateOmbudForm,
} from './backOfficeForms';

const today = new Date(2024, 4, 5, 15, 30);

describe('validateBlacklistEntry', () => {
  it('requires user, promoter (admin) and expiry date', () => {
    expect(validateBlacklistEntry({}, { isAdmin: true, today })).toEqual({
      user: 'Required',
      promoter: 'Required',
      expire_date: 'Required',
    });
    expect(validateBlacklistEntry({ user: 4, expire_date: '2024-05-05' }, { isAdmin: false, today })).toEqual({});
  });

  it('refuses an expiry date before today (today itself is fine)', () => {
    expect(validateBlacklistEntry({ user: 4, expire_date: '2024-05-04' }, { isAdmin: false, today })).toEqual({
      expire_date: 'Expiry date cannot be before today',
    });
    expect(validateBlacklistEntry({ user: 4, expire_date: new Date(2024, 4, 5) }, { isAdmin: false, today })).toEqual({});
    expect(validateBlacklistEntry({ user: 4, expire_date: '05.05.2024' }, { isAdmin: false, today })).toEqual({
      expire_date: 'Enter a date as YYYY-MM-DD',
    });
  });
});

describe('blacklistExpiryTextError', () => {
  it('reads the box as dd.MM.yyyy, whatever the browser locale: required, the format, today at the earliest', () => {
    expect(blacklistExpiryTextError('', today)).toBe('Required');
    expect(blacklistExpiryTextError('05.05.2024', today)).toBeUndefined();
    expect(blacklistExpiryTextError('31.12.2024', today)).toBeUndefined();
    expect(blacklistExpiryTextError('04.05.2024', today)).toBe('Expiry date cannot be before today');
    // The ISO day a native date box gave, and the US order of en-US: neither is the console's format.
    expect(blacklistExpiryTextError('2024-12-31', today)).toBe('Enter a date as dd.mm.yyyy');
    expect(blacklistExpiryTextError('12/31/2024', today)).toBe('Enter a date as dd.mm.yyyy');
    expect(blacklistExpiryTextError('31.02.2024', today)).toBe('Enter a date as dd.mm.yyyy');
  });
});

describe('validateAffiliateForm', () => {
  it('uses "Required!" for name, link short name and the admin promoter', () => {
    expect(validateAffiliateForm({}, { isAdmin: true })).toEqual({
      name: 'Required!',
      link_short_name: 'Required!',
      promoter: 'Required!',
    });
    expect(validateAffiliateForm({ name: 'Blogg', link_short_name: 'blogg' }, { isAdmin: false })).toEqual({});
  });
});

describe('validateAffiliateBranding', () => {
  it('requires a colour', () => {
    expect(validateAffiliateBranding({ primary_color: '' })).toEqual({ primary_color: 'Color is required' });
    expect(validateAffiliateBranding({ primary_color: 'red' })).toEqual({ primary_color: 'Enter a colour as #RRGGBB' });
    expect(validateAffiliateBranding({ primary_color: AFFILIATE_DEFAULT_COLOR })).toEqual({});
    expect(AFFILIATE_DEFAULT_COLOR).toBe('#C00000');
  });

  it('allows a logo of up to 3 MB', () => {
    expect(validateAffiliateBranding({ primary_color: '#000000', logo_size: AFFILIATE_LOGO_MAX_BYTES })).toEqual({});
    expect(validateAffiliateBranding({ primary_color: '#000000', logo_size: AFFILIATE_LOGO_MAX_BYTES + 1 })).toHaveProperty(
      'logo_size',
    );
  });
});

describe('validateOmbudForm', () => {
  it('requires an attendee on create only and the promoter for admins', () => {
    expect(validateOmbudForm({}, { isAdmin: true, mode: 'create' })).toEqual({ attendee: 'Required', promoter: 'Required' });
    expect(validateOmbudForm({}, { isAdmin: false, mode: 'edit' })).toEqual({});
  });
});

describe('validateFaqItem and validateCrmMessage', () => {
  it('require both languages', () => {
    expect(validateFaqItem({ title_en: 'How?' })).toEqual({ title_sv: 'Required' });
    expect(validateFaqItem({ title_en: 'How?', title_sv: 'Hur?' })).toEqual({});
    expect(validateCrmMessage({ sv: 'Hej' })).toEqual({ en: 'Required' });
    expect(validateCrmMessage({ en: 'Hi', sv: 'Hej' })).toEqual({});
  });
});
