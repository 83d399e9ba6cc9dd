import { describe, expect, it } from 'vitest';
import { isRichTextBlank, richTextPlain, sanitizeRichText } from './richText';

describe('sanitizeRichText', () => {
  it('keeps the allowed tags without their attributes', () => {
    expect(sanitizeRichText('<p class="x" onclick="a()">Hi <b>you</b><br/>there</p>')).toBe('<p>Hi <b>you</b><br>there</p>');
  });
  it('drops scripts, styles, comments and unknown tags, and escapes stray brackets', () => {
    expect(sanitizeRichText('<script>alert(1)</script><img src=x onerror=a()>a < b<style>p{}</style><!-- c -->')).toBe('a &lt; b');
    expect(sanitizeRichText('<a href="javascript:x">link</a>')).toBe('link');
  });
});

describe('isRichTextBlank', () => {
  it('is blank when only tags and spaces remain', () => {
    expect(isRichTextBlank('<p><br></p>&nbsp;')).toBe(true);
    expect(isRichTextBlank('<p>Yes</p>')).toBe(false);
    expect(richTextPlain('<p>Open</p><p>doors</p>')).toBe('Open doors');
  });
});
