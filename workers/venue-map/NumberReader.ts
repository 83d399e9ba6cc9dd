/**
 * Reads SVG numbers straight out of the source text, between two offsets, without slicing substrings: the importer
 * reads several numbers per seat and 200k seats make parseFloat(slice) a measurable share of the parse.
 *
 * Grammar: optional sign, digits, optional fraction, optional exponent; separators are whitespace and commas.
 * Compact path syntax works: "-21,9-21,21" is four numbers and ".5.5" is two.
 */
const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
  1e18, 1e19, 1e20, 1e21, 1e22];

function isSeparator(c: number): boolean {
  return c === 32 || c === 44 || c === 10 || c === 13 || c === 9 || c === 12;
}

export class NumberReader {
  src = '';
  pos = 0;
  end = 0;

  reset(src: string, start: number, end: number): this {
    this.src = src;
    this.pos = start;
    this.end = end;
    return this;
  }

  /** Skips separators; true when something other than the end follows. */
  skipSeparators(): boolean {
    const src = this.src;
    let p = this.pos;
    while (p < this.end && isSeparator(src.charCodeAt(p))) p++;
    this.pos = p;
    return p < this.end;
  }

  /** Char code of the next non-separator character, or -1 at the end. Does not consume it. */
  peek(): number {
    return this.skipSeparators() ? this.src.charCodeAt(this.pos) : -1;
  }

  /** True when the next non-separator character starts a number. */
  atNumber(): boolean {
    const c = this.peek();
    return (c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46;
  }

  /** A single 0/1 flag (arc commands allow "1050 10" meaning flags 1, 0 then 50). NaN when absent. */
  nextFlag(): number {
    const c = this.peek();
    if (c === 48 || c === 49) {
      this.pos++;
      return c - 48;
    }
    return NaN;
  }

  /** The next number, or NaN (position unchanged) when the next token is not a number. Trailing units are left. */
  next(): number {
    if (!this.skipSeparators()) return NaN;
    const src = this.src;
    const end = this.end;
    let p = this.pos;
    let c = src.charCodeAt(p);
    let negative = false;
    if (c === 45 || c === 43) {
      negative = c === 45;
      if (++p >= end) return NaN;
      c = src.charCodeAt(p);
    }
    let mantissa = 0;
    let digits = 0;
    while (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      c = ++p < end ? src.charCodeAt(p) : -1;
    }
    let exponent = 0;
    if (c === 46) {
      c = ++p < end ? src.charCodeAt(p) : -1;
      while (c >= 48 && c <= 57) {
        mantissa = mantissa * 10 + (c - 48);
        exponent--;
        digits++;
        c = ++p < end ? src.charCodeAt(p) : -1;
      }
    }
    if (digits === 0) return NaN;
    if (c === 101 || c === 69) {
      // An exponent only when digits follow: "2em" is 2 followed by a unit.
      let q = p + 1;
      let e = q < end ? src.charCodeAt(q) : -1;
      let expNegative = false;
      if (e === 45 || e === 43) {
        expNegative = e === 45;
        e = ++q < end ? src.charCodeAt(q) : -1;
      }
      if (e >= 48 && e <= 57) {
        let value = 0;
        while (e >= 48 && e <= 57) {
          value = value * 10 + (e - 48);
          e = ++q < end ? src.charCodeAt(q) : -1;
        }
        exponent += expNegative ? -value : value;
        p = q;
      }
    }
    this.pos = p;
    let result = mantissa;
    if (exponent < 0) result = exponent >= -22 ? mantissa / POW10[-exponent]! : mantissa * Math.pow(10, exponent);
    else if (exponent > 0) result = exponent <= 22 ? mantissa * POW10[exponent]! : mantissa * Math.pow(10, exponent);
    return negative ? -result : result;
  }
}

/**
 * The plain decimal src[start, end) ("12", "-3.25"), or NaN when it is anything else (exponent, unit, spaces): the
 * inline fast path for the numbers seats are written with, before falling back to NumberReader. One loop with one
 * charCodeAt: each place a hot function reads a character is a sizeable piece of optimised code to compile.
 */
export function readPlainDecimal(src: string, start: number, end: number): number {
  let value = 0;
  let digits = 0;
  let scale = 1;
  let dot = false;
  let negative = false;
  for (let p = start; p < end; p++) {
    const c = src.charCodeAt(p);
    if (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48);
      digits++;
      if (dot) scale *= 10;
    } else if (c === 46 && !dot) dot = true;
    else if (c === 45 && p === start) negative = true;
    else return NaN;
  }
  // Up to 15 digits the integer and the power of ten are exact, so one division rounds like parseFloat.
  if (digits === 0 || digits > 15) return NaN;
  if (dot) value /= scale;
  return negative ? -value : value;
}

/** Reads one number from a whole string (attribute values taken as strings); NaN when it does not start with one. */
export function readNumber(text: string): number {
  return sharedReader.reset(text, 0, text.length).next();
}

/**
 * The importer's module-level readers, one per module that reads numbers. A reader keeps a reference to the last
 * text it read, and attribute values are slices of the whole file, so each import ends with `releaseSharedReaders`:
 * otherwise the worker kept the whole SVG (6.5 MB for 100k seats) alive after the model had left.
 */
export const sharedReaders: readonly NumberReader[] = [];

export function sharedNumberReader(): NumberReader {
  const reader = new NumberReader();
  (sharedReaders as NumberReader[]).push(reader);
  return reader;
}

export function releaseSharedReaders(): void {
  for (const reader of sharedReaders) reader.reset('', 0, 0);
}

const sharedReader = sharedNumberReader();
