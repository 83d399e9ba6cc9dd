import { describe, expect, it } from 'vitest';
import { toFormData } from './formData';

describe('toFormData (000 §7 multipart)', () => {
  it('when a body has booleans, nested objects and lists, then keys are bracketed and booleans 1/0; null is left out', () => {
    const form = toFormData({
      membership: false,
      translations: [{ language: 'en', name: 'A' }],
      social_links: { facebook: 'f' },
      genre: null,
      ticket_vat: 6,
    });
    expect([...form.entries()]).toEqual([
      ['membership', '0'],
      ['translations[0][language]', 'en'],
      ['translations[0][name]', 'A'],
      ['social_links[facebook]', 'f'],
      ['ticket_vat', '6'],
    ]);
  });

  it('when a file is given, then it is sent under its field', () => {
    const file = new File([new Uint8Array([1, 2])], 'poster.png', { type: 'image/png' });
    const form = toFormData({ _method: 'put' }, { medium: file, other: null });
    expect(form.get('_method')).toBe('put');
    expect((form.get('medium') as File).name).toBe('poster.png');
    expect(form.has('other')).toBe(false);
  });
});
