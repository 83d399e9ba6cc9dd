import { XmlTag } from './XmlTag';
import { decodeEntities, grow, NameTable } from './xmlNames';
import { VenueSvgError } from './VenueSvgError';

/**
 * A pull tokenizer for the XML subset SVG files use, written for the importer's hot path: it hands out offsets into
 * the source instead of strings, recognises the tag and attribute names the caller cares about by a rolling hash
 * (no name string is created for them), and checks well-formedness (matching tags, one root) so a broken file fails
 * with the line of the problem instead of importing half a map. It never expands entities beyond the five XML ones
 * and character references, and refuses DTDs with an internal subset and entity declarations (billion laughs).
 */
export const TOKEN_END = 0;
export const TOKEN_OPEN = 1;
export const TOKEN_CLOSE = 2;
export const TOKEN_TEXT = 3;

/** Tag code of a name not in the caller's list. */
export const TAG_UNKNOWN = -1;
/** Tag code of a prefixed name outside SVG (sodipodi:namedview, inkscape:grid): editor data, never drawn. */
export const TAG_FOREIGN = -2;

/** readAttributes' states: between attributes (or in a name), before "=", before the value's quote, after "/". */
const GAP = 0, BEFORE_EQUALS = 1, BEFORE_VALUE = 2, SLASH = 3;

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

export class XmlTokenizer extends XmlTag {
  /** When false, text between tags is skipped without a token (the importer reads text only in a few elements). */
  wantText = false;
  elementCount = 0;

  /** Depth of the current element (root = 1) for TOKEN_OPEN; depth after closing for TOKEN_CLOSE. */
  depth = 0;

  textStart = 0;
  textEnd = 0;

  private pos = 0;
  private readonly maxElements: number;
  private readonly tagTable: NameTable;
  private readonly attrTable: NameTable;
  private openNameStart = new Int32Array(64);
  private openNameEnd = new Int32Array(64);
  private openToken = new Int32Array(64);
  private rootClosed = false;
  private pendingSelfClose = false;
  private lineOffset = 0;
  private lineNumber = 1;

  constructor(src: string, tagNames: readonly string[], attrNames: readonly string[], maxElements: number) {
    super(src, attrNames.length);
    this.tagTable = new NameTable(tagNames);
    this.attrTable = new NameTable(attrNames);
    this.maxElements = maxElements;
  }

  /** 1-based line of an offset; cheap when offsets only grow (it counts on from the last answer). */
  lineAt(offset: number): number {
    if (offset < this.lineOffset) {
      this.lineOffset = 0;
      this.lineNumber = 1;
    }
    const src = this.src;
    let p = src.indexOf('\n', this.lineOffset);
    while (p >= 0 && p < offset) {
      this.lineNumber++;
      this.lineOffset = p + 1;
      p = src.indexOf('\n', p + 1);
    }
    return this.lineNumber;
  }

  /** Throws a VenueSvgError at the line of `offset`. */
  fail(message: string, offset: number): never {
    throw new VenueSvgError(message, this.lineAt(offset));
  }

  text(): string {
    return decodeEntities(this.src.slice(this.textStart, this.textEnd));
  }

  /**
   * Where the next token starts, once the element just reported self-closed has been stepped out of: for a caller
   * that reads the next element itself (a run of canonical seats, SeatPlacer.canonicalSeats) and hands it back with
   * tookElement. Nothing is read.
   */
  nextOffset(): number {
    if (this.pendingSelfClose) {
      this.pendingSelfClose = false;
      if (--this.depth === 0) this.rootClosed = true;
    }
    return this.pos;
  }

  /**
   * The caller read a self-closed element inside the root, from its "<" at nextOffset() to `end` (just past its
   * "/>"): it counts as an element (the limit included), tokenStart is its "<", and the next token starts after it.
   * False (nothing changed) when the element limit would be passed or no element is open: next() then reads the
   * element and fails with its line as usual.
   */
  tookElement(end: number): boolean {
    if (this.depth === 0 || this.elementCount >= this.maxElements) return false;
    this.elementCount++;
    this.tokenStart = this.pos;
    this.pos = end;
    return true;
  }

  next(): number {
    const src = this.src;
    const length = src.length;
    if (this.pendingSelfClose) {
      this.pendingSelfClose = false;
      if (--this.depth === 0) this.rootClosed = true;
    }
    for (;;) {
      const p = this.pos;
      if (p >= length) {
        if (this.depth > 0) {
          const open = this.openToken[this.depth - 1]!;
          const name = src.slice(this.openNameStart[this.depth - 1]!, this.openNameEnd[this.depth - 1]!);
          this.fail(`The file ends before <${name}> (opened on line ${this.lineAt(open)}) is closed`, length);
        }
        return TOKEN_END;
      }
      if (src.charCodeAt(p) !== 60) {
        let lt = src.indexOf('<', p);
        if (lt < 0) lt = length;
        this.pos = lt;
        if (this.wantText) {
          this.textStart = p;
          this.textEnd = lt;
          return TOKEN_TEXT;
        }
        continue;
      }
      const c1 = src.charCodeAt(p + 1);
      if (c1 === 47) return this.readClose(p);
      if (c1 === 33) {
        if (this.readMarkup(p)) return TOKEN_TEXT;
        continue;
      }
      if (c1 === 63) {
        const close = src.indexOf('?>', p + 2);
        if (close < 0) this.fail('A processing instruction (<?...) is never closed with ?>', p);
        this.pos = close + 2;
        continue;
      }
      this.readOpen(p);
      return TOKEN_OPEN;
    }
  }

  /** Comments, CDATA and declarations. True when it produced a text token (CDATA while text is wanted). */
  private readMarkup(p: number): boolean {
    const src = this.src;
    if (src.startsWith('<!--', p)) {
      const close = src.indexOf('-->', p + 4);
      if (close < 0) this.fail('A comment (<!--) is never closed with -->', p);
      this.pos = close + 3;
      return false;
    }
    if (src.startsWith('<![CDATA[', p)) {
      const close = src.indexOf(']]>', p + 9);
      if (close < 0) this.fail('A CDATA section is never closed with ]]>', p);
      this.pos = close + 3;
      if (!this.wantText) return false;
      this.textStart = p + 9;
      this.textEnd = close;
      return true;
    }
    const upper = src.slice(p + 2, p + 10).toUpperCase();
    if (upper.startsWith('DOCTYPE')) {
      const close = src.indexOf('>', p);
      const bracket = src.indexOf('[', p);
      if (close < 0) this.fail('The <!DOCTYPE declaration is never closed', p);
      if (bracket >= 0 && bracket < close) {
        this.fail('The file declares a DTD with an internal subset (<!DOCTYPE ... [ ... ]>), which can define ' +
          'entities; venue maps may not carry DTD or entity declarations. Export the SVG without them', p);
      }
      // An external DTD reference (Illustrator writes one) is harmless: it is never fetched.
      this.pos = close + 1;
      return false;
    }
    if (/^(ENTITY|ELEMENT|ATTLIST|NOTATION)/.test(upper)) {
      this.fail(`The file contains a <!${upper.split(/\s/)[0]} declaration; venue maps may not carry DTD or ` +
        'entity declarations. Export the SVG without them', p);
    }
    this.fail('Malformed markup starting with <!', p);
  }

  private readClose(p: number): number {
    const src = this.src;
    let q = p + 2;
    const nameStart = q;
    while (q < src.length && !isSpace(src.charCodeAt(q)) && src.charCodeAt(q) !== 62) q++;
    const nameEnd = q;
    while (q < src.length && isSpace(src.charCodeAt(q))) q++;
    if (src.charCodeAt(q) !== 62) this.fail(`The closing tag </${src.slice(nameStart, nameEnd)}> is not closed with >`, p);
    const name = src.slice(nameStart, nameEnd);
    if (this.depth === 0) {
      this.fail(`Unexpected closing tag </${name}>: no element is open here (an extra </${name}>?)`, p);
    }
    const d = this.depth - 1;
    const openStart = this.openNameStart[d]!;
    const openLength = this.openNameEnd[d]! - openStart;
    if (openLength !== nameEnd - nameStart || !src.startsWith(name, openStart)) {
      const openName = src.slice(openStart, openStart + openLength);
      this.fail(`The closing tag </${name}> does not match <${openName}> opened on line ` +
        `${this.lineAt(this.openToken[d]!)} (a missing or extra closing tag?)`, p);
    }
    this.depth = d;
    if (d === 0) this.rootClosed = true;
    this.tokenStart = p;
    this.pos = q + 1;
    return TOKEN_CLOSE;
  }

  private readOpen(p: number): void {
    const src = this.src;
    const length = src.length;
    if (this.rootClosed) this.fail('Content after the root element: an SVG file has exactly one root <svg>', p);
    if (++this.elementCount > this.maxElements) {
      this.fail(`The file has more than ${this.maxElements} elements, the import limit; simplify the map ` +
        '(remove leftover clip paths and hidden layers) or raise the limit', p);
    }
    let q = p + 1;
    let hash = 0;
    let colon = -1;
    let c = src.charCodeAt(q);
    while (q < length && !isSpace(c) && c !== 47 && c !== 62) {
      if (c === 58) {
        colon = q;
        hash = 0;
      } else {
        hash = (Math.imul(hash, 31) + c) | 0;
      }
      c = src.charCodeAt(++q);
    }
    if (q === p + 1) this.fail('Malformed tag: "<" is not followed by an element name', p);
    this.tokenStart = p;
    this.nameStart = p + 1;
    this.nameEnd = q;
    const localStart = colon >= 0 ? colon + 1 : p + 1;
    const prefixIsSvg = colon < 0 || (colon - p - 1 === 3 && src.startsWith('svg', p + 1));
    this.tagCode = prefixIsSvg ? this.tagTable.get(hash, q - localStart) : TAG_FOREIGN;
    this.readAttributes(q);
    if (this.selfClosing) {
      // Reported at its depth like any element; the next call steps back out (it has no closing token).
      this.depth++;
      this.pendingSelfClose = true;
    } else {
      this.push(p);
    }
  }

  private push(p: number): void {
    const d = this.depth;
    if (d >= this.openNameStart.length) {
      this.openNameStart = grow(this.openNameStart);
      this.openNameEnd = grow(this.openNameEnd);
      this.openToken = grow(this.openToken);
    }
    this.openNameStart[d] = this.nameStart;
    this.openNameEnd[d] = this.nameEnd;
    this.openToken[d] = p;
    this.depth = d + 1;
  }

  /**
   * The attributes of the tag being read, from `start` to its `>` or `/>`: one loop over the tag's structure, in states
   * (between attributes, before "=", before the value's quote, after "/"), and a tight loop each over a name and a
   * value: three `charCodeAt`s. Written for V8's optimising compiler as much as for speed: past ~50k seats the row and
   * section groups make this hot enough for Turbofan, which expands every `charCodeAt` of a string it knows nothing
   * about in place, into a loop over the string's layouts; a loop per part of the tag (ten such sites) cost its compile
   * ~16 ms at 100k seats. The names and values keep loops of their own: in the structure's loop every character would
   * count its whole body against V8's budget for optimising, and a 20k map would then reach Turbofan too
   * (docs/venue-map-journal.md, "The importer's next Turbofan jobs").
   */
  private readAttributes(start: number): void {
    const src = this.src;
    const length = src.length;
    const slots = this.slots;
    let attrs = this.attrs;
    const table = this.attrTable;
    const tableHashes = table.hashes, tableCodes = table.codes, tableLengths = table.lengths, mask = table.mask;
    for (let i = 0; i < this.attrCount; i++) {
      const code = attrs[i * 5 + 4]!;
      if (code >= 0) slots[code] = -1;
    }
    let count = 0;
    let events = false;
    let state = GAP;
    // first, second: the name's first two characters (an event handler's name starts "on").
    let nameStart = 0, nameEnd = 0, hash = 0, first = 0, second = 0;
    let q = start;
    for (;; q++) {
      // NaN past the end: no test below takes it for a character, so each state fails there as it should.
      let c = src.charCodeAt(q);
      if (state === GAP) {
        if (c === 32 || c === 10 || c === 13 || c === 9) continue;
        if (q >= length) this.fail('The file ends inside a tag', this.tokenStart);
        if (c === 62) {
          this.selfClosing = false;
          q++;
          break;
        }
        if (c === 47) {
          state = SLASH;
          continue;
        }
        // The name. Its characters: letters and anything above '>', or - . 0-9 : (NaN past the end stops it too).
        nameStart = q;
        hash = 0;
        first = c;
        second = 0;
        while (c > 62 || (c >= 45 && c <= 58 && c !== 47)) {
          hash = (Math.imul(hash, 31) + c) | 0;
          c = src.charCodeAt(++q);
          if (q === nameStart + 1) second = c;
        }
        nameEnd = q;
        state = BEFORE_EQUALS;
      }
      if (state === BEFORE_EQUALS) {
        if (c === 32 || c === 10 || c === 13 || c === 9) continue;
        if (c !== 61) {
          this.fail(`Malformed attribute "${src.slice(nameStart, nameEnd)}" in <${this.tagName()}>: ` +
            'expected ="value"', nameStart);
        }
        state = BEFORE_VALUE;
        continue;
      }
      if (state === BEFORE_VALUE) {
        if (c === 32 || c === 10 || c === 13 || c === 9) continue;
        if (c !== 34 && c !== 39) {
          this.fail(`The value of attribute "${src.slice(nameStart, nameEnd)}" in <${this.tagName()}> is not quoted`,
            nameStart);
        }
        // Most values are a few characters long: a plain loop beats indexOf's call overhead for them. One loop for
        // every length: a branch first taken after the JIT has compiled this function (the first value over some
        // length, far into the file) throws the compiled code away, and a cold parse runs slowly until it is rebuilt.
        let valueEnd = q + 1;
        while (valueEnd < length && src.charCodeAt(valueEnd) !== c) valueEnd++;
        if (valueEnd >= length) this.fail(`The value of attribute "${src.slice(nameStart, nameEnd)}" is never closed`, q);
        if (count * 5 === attrs.length) attrs = this.attrs = grow(attrs);
        let slot = (hash ^ (hash >>> 11)) & mask;
        let code = tableCodes[slot]!;
        while (code >= 0 && tableHashes[slot] !== hash) {
          slot = (slot + 1) & mask;
          code = tableCodes[slot]!;
        }
        if (code >= 0 && tableLengths[slot] !== nameEnd - nameStart) code = -1;
        // A repeated attribute is an XML error; tolerate it and keep the first.
        if (code >= 0) {
          if (slots[code]! >= 0) code = -1;
          else slots[code] = count;
        } else if ((first | 32) === 111 && (second | 32) === 110) {
          events = true;
        }
        const o = count * 5;
        attrs[o] = nameStart;
        attrs[o + 1] = nameEnd;
        attrs[o + 2] = q + 1;
        attrs[o + 3] = valueEnd;
        attrs[o + 4] = code;
        count++;
        q = valueEnd;
        state = GAP;
        continue;
      }
      // SLASH: the tag ends "/>" or is malformed.
      if (c !== 62) this.fail('Malformed tag: "/" must be followed by ">"', q - 1);
      this.selfClosing = true;
      q++;
      break;
    }
    this.attrCount = count;
    this.eventAttribute = events;
    this.pos = q;
  }
}
