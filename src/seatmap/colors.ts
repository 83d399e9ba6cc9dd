/**
 * Colours of the seat map. Callers speak 0xRRGGBBAA numbers (readable as hex); the GPU wants the bytes
 * R, G, B, A in memory order, which on a little-endian machine is the reverse word. The packers here do
 * that swap in one tight loop so 200k seats re-colour in well under a millisecond.
 */
import { priceLevelColors, SECTION_PRICING_COLORS, type SectionPricingState } from '../domain/pricing';

/** A colour as an unsigned 0xRRGGBBAA number. */
export type Rgba = number;

export function rgba(r: number, g: number, b: number, a = 255): Rgba {
  return (((r & 255) << 24) | ((g & 255) << 16) | ((b & 255) << 8) | (a & 255)) >>> 0;
}

/** '#rgb', '#rrggbb' or '#rrggbbaa' → 0xRRGGBBAA. */
export function hexToRgba(hex: string): Rgba {
  let h = hex.startsWith('#') ? hex.slice(1) : hex;
  if (h.length === 3) h = h.split('').map((c) => c + c).join('');
  if (h.length === 6) h += 'ff';
  if (h.length !== 8 || !/^[0-9a-f]{8}$/i.test(h)) throw new Error(`Not a colour: ${hex}`);
  return Number.parseInt(h, 16) >>> 0;
}

/** 0xRRGGBBAA → CSS 'rgba(r, g, b, a)' (legend swatches, tooltips). */
export function rgbaToCss(c: Rgba): string {
  const a = Math.round(((c & 255) / 255) * 1000) / 1000;
  return `rgba(${c >>> 24}, ${(c >>> 16) & 255}, ${(c >>> 8) & 255}, ${a})`;
}

export const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** 0xRRGGBBAA → the 32-bit word whose memory bytes are R, G, B, A on this machine. */
export function rgbaToGpuWord(c: Rgba): number {
  if (!LITTLE_ENDIAN) return c >>> 0;
  return (((c & 0xff) << 24) | ((c & 0xff00) << 8) | ((c >>> 8) & 0xff00) | (c >>> 24)) >>> 0;
}

/**
 * Copies caller colours into a GPU colour buffer (4 bytes a seat, R G B A).
 * `src` is either one 0xRRGGBBAA word per item or 4 bytes per item already in R G B A order.
 */
export function packColors(src: Uint32Array | Uint8Array, dstWords: Uint32Array): void {
  const n = dstWords.length;
  if (src instanceof Uint8Array) {
    if (src.length !== n * 4) throw new Error(`Expected ${n * 4} colour bytes, got ${src.length}`);
    new Uint8Array(dstWords.buffer, dstWords.byteOffset, n * 4).set(src);
    return;
  }
  if (src.length !== n) throw new Error(`Expected ${n} colours, got ${src.length}`);
  if (!LITTLE_ENDIAN) {
    dstWords.set(src);
    return;
  }
  for (let i = 0; i < n; i++) {
    const c = src[i];
    dstWords[i] = ((c & 0xff) << 24) | ((c & 0xff00) << 8) | ((c >>> 8) & 0xff00) | (c >>> 24);
  }
}

/** The 6-colour price palette (src/domain owns it), cheapest level first, as 0xRRGGBBAA. */
export const PRICE_LEVEL_COLORS: readonly Rgba[] = priceLevelColors.map((hex) => hexToRgba(hex));

/**
 * On the maps where seats are picked (the counter, a reservation, a re-seat): a seat that can be picked, and a section
 * with something left to pick, in one colour (the legend's "For sale", "Can be reserved", "Free").
 */
export const PICKABLE_COLOR: Rgba = PRICE_LEVEL_COLORS[0];

/** Seat states that are not a price level (spec §2 legend: Reserved or bought, Function varied, Hidden, Unpriced). */
export const SEAT_STATE_COLORS = {
  reservedOrBought: hexToRgba('#5c6370'),
  functionVaried: hexToRgba('#d9822b'),
  hidden: hexToRgba('#bfc6d0'),
  unpriced: hexToRgba('#ffffff'),
  /**
   * Priced, but not for the event's default ticket type (a Kids price and no Adult one): priced, so not white, and
   * apart from the price levels, which are the default type's prices; Publish needs the default price (000 §2).
   */
  noDefaultPrice: hexToRgba('#f2a7d4'),
} as const;

export type SeatStateColor = keyof typeof SEAT_STATE_COLORS;

/** Section pricing states (green all priced, yellow partly, red none, grey none available), as 0xRRGGBBAA. */
export const SECTION_STATE_COLORS: Record<SectionPricingState, Rgba> = {
  priced: hexToRgba(SECTION_PRICING_COLORS.priced),
  partial: hexToRgba(SECTION_PRICING_COLORS.partial),
  unpriced: hexToRgba(SECTION_PRICING_COLORS.unpriced),
  unavailable: hexToRgba(SECTION_PRICING_COLORS.unavailable),
};

/** Default seat colour before the caller says anything: unpriced. */
export const DEFAULT_SEAT_COLOR = SEAT_STATE_COLORS.unpriced;
export const DEFAULT_SECTION_COLOR = SECTION_STATE_COLORS.unavailable;

/** Caller colours as 0xRRGGBBAA words, whichever of the two forms they came in. */
export function rgbaWordsOf(src: Uint32Array | Uint8Array, count: number): Uint32Array {
  if (src instanceof Uint32Array) {
    if (src.length !== count) throw new Error(`Expected ${count} colours, got ${src.length}`);
    return src;
  }
  if (src.length !== count * 4) throw new Error(`Expected ${count * 4} colour bytes, got ${src.length}`);
  const out = new Uint32Array(count);
  for (let i = 0, j = 0; i < count; i++, j += 4) out[i] = rgba(src[j], src[j + 1], src[j + 2], src[j + 3]);
  return out;
}

/** `top` at `alpha` over the opaque `bottom`, as an opaque 0xRRGGBBAA colour. */
export function blendOver(bottom: Rgba, top: Rgba, alpha: number): Rgba {
  const a = Math.min(1, Math.max(0, alpha));
  const ch = (shift: number) => Math.round(((bottom >>> shift) & 255) * (1 - a) + ((top >>> shift) & 255) * a);
  return rgba(ch(24), ch(16), ch(8), 255);
}

/** Seats in a running lease (issue 35): another counter's, and the counter's own ("yours"), as 0xRRGGBBAA. */
export const LEASE_COLORS = {
  others: hexToRgba('#db2c6f'),
  own: hexToRgba('#0f9960'),
  /** Offline, every seat outside the counter's lease: dimmed, paler than a hidden seat (nothing there is for sale). */
  outside: hexToRgba('#e4e7eb'),
} as const;
