import { buildModel } from './buildModel';
import { releaseSharedReaders } from './NumberReader';
import { applySectionEdits, readSectionEdits } from './sectionEdits';
import { emptyHiddenRules, readHiddenRules, type HiddenRules } from './svgStyles';
import { SvgWalker } from './SvgWalker';
import { VenueBuilder } from './VenueBuilder';
import { VenueSvgError } from './VenueSvgError';
import type { ParseResult } from './venueModel';

export { VenueSvgError };

/** The spec's upload limit for a venue map. */
export const DEFAULT_MAX_BYTES = 104_857_600;
/** Ten times the elements of a 200k-seat map drawn with a group, a shape and a label per seat. */
export const DEFAULT_MAX_ELEMENTS = 2_000_000;

export interface ParseVenueSvgOptions {
  /** Largest accepted file in UTF-8 bytes (default 100 MB). */
  maxBytes?: number;
  /** Most elements accepted (default 2,000,000): a cap on work and memory whatever the file size. */
  maxElements?: number;
  /**
   * Hears how far the parse is, in whole percent, each time it grows (reading the file is 0–90, building the model
   * 90–100; 100 once the model is built). Across a worker boundary pass it as Comlink.proxy(fn).
   */
  onProgress?: (percent: number) => void;
}

/**
 * Reads a venue map SVG (the canonical format of docs/venue-svg.md and the real-world conventions listed there)
 * into a VenueModel and an ImportReport. Pure: no DOM, no I/O, so it runs in the map worker, in Node on the server
 * and in tests. Never runs or fetches anything from the file; throws VenueSvgError with the line for malformed XML,
 * DTD/entity declarations and files over the limits, and when the file holds neither seats nor sections.
 */
export function parseVenueSvg(svgText: string, options: ParseVenueSvgOptions = {}): ParseResult {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxElements = options.maxElements ?? DEFAULT_MAX_ELEMENTS;
  const bytes = utf8Length(svgText, maxBytes);
  if (bytes > maxBytes) {
    throw new VenueSvgError(`The file is ${formatMb(bytes)}, over the ${formatMb(maxBytes)} limit for venue maps`);
  }
  const text = svgText.charCodeAt(0) === 0xfeff ? svgText.slice(1) : svgText;
  // XML allows no NUL character; one would also end up in a label that PostgreSQL's text cannot store.
  const nul = text.indexOf('\u0000');
  if (nul >= 0) throw new VenueSvgError('The file contains a NUL character, which SVG does not allow', lineOf(text, nul));
  // A canonical seat takes about 60 bytes of SVG.
  const builder = new VenueBuilder(Math.ceil(text.length / 60));
  const walker = new SvgWalker(text, builder, hiddenRulesOf(text), maxElements);
  const progress = progressReporter(options.onProgress);
  try {
    walker.walk(progress ? (read) => progress(read * 90) : undefined);
    progress?.(90);
    let result = buildModel(builder, walker.name, walker.viewBox, text);
    // Renames and kinds chosen on /venues before the map was saved, stored after its root element.
    for (const edits of readSectionEdits(text)) result = applySectionEdits(result, edits);
    progress?.(100);
    return result;
  } finally {
    releaseSharedReaders();
  }
}

/** Calls `listener` with whole percents, only when they grow (a worker posts one message per call). */
export function progressReporter(listener: ((percent: number) => void) | undefined): ((percent: number) => void) | null {
  if (!listener) return null;
  let last = -1;
  return (percent) => {
    const whole = Math.min(100, Math.max(0, Math.floor(percent)));
    if (whole > last) {
      last = whole;
      listener(whole);
    }
  };
}

/**
 * Stylesheets are read before the walk so a <style> placed after the groups it hides still applies (CSS is
 * order-independent). A cheap indexOf scan: most maps have none or one.
 */
function hiddenRulesOf(text: string): HiddenRules {
  const rules = emptyHiddenRules();
  let from = text.indexOf('<style');
  while (from >= 0) {
    const open = text.indexOf('>', from);
    const close = text.indexOf('</style', open);
    if (open < 0 || close < 0) break;
    if (text.charCodeAt(open - 1) !== 47) {
      readHiddenRules(text.slice(open + 1, close).replace(/<!\[CDATA\[|\]\]>/g, ''), rules);
    }
    from = text.indexOf('<style', close);
  }
  return rules;
}

/** The 1-based line of an offset. */
function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** UTF-8 length of a string, stopping early once it is known to exceed `limit`. */
function utf8Length(s: string, limit: number): number {
  if (s.length > limit) return s.length;
  if (s.length * 3 <= limit) return s.length;
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
    if (bytes > limit) return bytes;
  }
  return bytes;
}

function formatMb(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}
