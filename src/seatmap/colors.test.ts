import { describe, expect, it } from 'vitest';
import {
  blendOver, hexToRgba, LITTLE_ENDIAN, packColors, PRICE_LEVEL_COLORS, rgba, rgbaToCss, rgbaToGpuWord, rgbaWordsOf,
  SECTION_STATE_COLORS,
} from './colors';

describe('colour packing', () => {
  it('reads hex in every short and long form', () => {
    expect(hexToRgba('#ff8000')).toBe(0xff8000ff);
    expect(hexToRgba('#f80')).toBe(0xff8800ff);
    expect(hexToRgba('#11223344')).toBe(0x11223344);
    expect(() => hexToRgba('#12')).toThrow();
  });

  it('builds and prints 0xRRGGBBAA', () => {
    expect(rgba(1, 2, 3, 4)).toBe(0x01020304);
    expect(rgbaToCss(0xff000080)).toBe('rgba(255, 0, 0, 0.502)');
  });

  it('lays a GPU word out as the bytes R, G, B, A in memory', () => {
    const word = new Uint32Array([rgbaToGpuWord(0x11223344)]);
    expect(Array.from(new Uint8Array(word.buffer))).toEqual([0x11, 0x22, 0x33, 0x44]);
    expect(LITTLE_ENDIAN).toBe(true);
  });

  it('packs words and byte quadruples into the same GPU bytes', () => {
    const fromWords = new Uint32Array(2);
    packColors(new Uint32Array([0x11223344, 0xaabbccdd]), fromWords);
    const fromBytes = new Uint32Array(2);
    packColors(new Uint8Array([0x11, 0x22, 0x33, 0x44, 0xaa, 0xbb, 0xcc, 0xdd]), fromBytes);
    expect(Array.from(new Uint8Array(fromWords.buffer))).toEqual([0x11, 0x22, 0x33, 0x44, 0xaa, 0xbb, 0xcc, 0xdd]);
    expect(fromBytes).toEqual(fromWords);
  });

  it('refuses colour arrays of the wrong length', () => {
    expect(() => packColors(new Uint32Array(3), new Uint32Array(2))).toThrow(/Expected 2 colours/);
    expect(() => packColors(new Uint8Array(7), new Uint32Array(2))).toThrow(/Expected 8 colour bytes/);
  });

  it('reads caller colours in either form as words', () => {
    const words = new Uint32Array([0x01020304]);
    expect(rgbaWordsOf(words, 1)).toBe(words);
    expect(Array.from(rgbaWordsOf(new Uint8Array([1, 2, 3, 4]), 1))).toEqual([0x01020304]);
  });

  it('blends a translucent colour over an opaque one', () => {
    expect(blendOver(0xffffffff, 0x000000ff, 0.5)).toBe(0x808080ff);
    expect(blendOver(0x102030ff, 0xa0b0c0ff, 1)).toBe(0xa0b0c0ff);
  });
});

describe('palettes', () => {
  it('has the six price levels of the domain palette and the four section states', () => {
    expect(PRICE_LEVEL_COLORS).toHaveLength(6);
    expect(new Set(PRICE_LEVEL_COLORS).size).toBe(6);
    expect(Object.keys(SECTION_STATE_COLORS).sort()).toEqual(['partial', 'priced', 'unavailable', 'unpriced']);
  });
});
