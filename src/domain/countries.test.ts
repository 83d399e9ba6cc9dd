import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryName, countryOptions } from './countries';

describe('the local countries list (000 §3)', () => {
  it('holds every ISO 3166-1 alpha-2 country once (249) plus Kosovo', () => {
    expect(COUNTRIES).toHaveLength(250);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(250);
    expect(COUNTRIES.every((c) => /^[A-Z]{2}$/.test(c.code) && c.name.length > 1)).toBe(true);
  });
  it('shows a stored code by its name, other text as stored, nothing as a dash', () => {
    expect(countryName('SE')).toBe('Sweden');
    expect(countryName('no')).toBe('Norway');
    expect(countryName('Sverige')).toBe('Sverige');
    expect(countryName(null)).toBe('—');
    expect(countryName(' ')).toBe('—');
  });
  it('offers Sweden first, then the rest by name', () => {
    const options = countryOptions();
    expect(options[0]).toEqual({ value: 'SE', label: 'Sweden' });
    expect(options.slice(1, 3).map((o) => o.label)).toEqual(['Afghanistan', 'Åland Islands']);
    expect(options).toHaveLength(250);
  });
});
