import { NumberReader, readPlainDecimal } from './NumberReader';
import { decodeEntities } from './xmlNames';

/**
 * The current tag as XmlTokenizer leaves it: where its name and attributes sit in the source, and the ways the
 * importer reads them. Attributes the caller listed are found by code in O(1) (`attr(code)`); values are read in
 * place (numbers, equality) or as strings, short repeated ones without allocating.
 */
export class XmlTag {
  readonly src: string;
  /** Code of the tag name in the caller's list, or TAG_UNKNOWN / TAG_FOREIGN. */
  tagCode = -1;
  nameStart = 0;
  nameEnd = 0;
  /** The tag ended with "/>". */
  selfClosing = false;
  /** Offset of the tag's "<" (for line numbers). */
  tokenStart = 0;
  attrCount = 0;
  /** The tag carries an event-handler attribute (onload, onclick ...); they are never run. */
  eventAttribute = false;
  /** Per attribute, 5 ints: name start, name end, value start, value end, code (-1 when not in the list). */
  protected attrs = new Int32Array(80);
  /** Attribute index per code for the current tag, -1 when absent. */
  protected readonly slots: Int32Array;
  private readonly numbers = new NumberReader();
  private readonly valueCache: (string | undefined)[] = new Array<string | undefined>(4096).fill(undefined);

  constructor(src: string, attrNameCount: number) {
    this.src = src;
    this.slots = new Int32Array(attrNameCount).fill(-1);
  }

  tagName(): string {
    return this.src.slice(this.nameStart, this.nameEnd);
  }

  /** Index of the attribute with this code on the current tag, or -1. */
  attr(code: number): number {
    return this.slots[code]!;
  }

  /** Code of attribute i in the caller's list, or -1 when the name is not in it. */
  attrCode(i: number): number {
    return this.attrs[i * 5 + 4]!;
  }

  attrName(i: number): string {
    return this.src.slice(this.attrs[i * 5]!, this.attrs[i * 5 + 1]!);
  }

  /** Offset where the attribute's value starts in src. */
  valueStart(i: number): number {
    return this.attrs[i * 5 + 2]!;
  }

  valueEnd(i: number): number {
    return this.attrs[i * 5 + 3]!;
  }

  attrString(i: number): string {
    return decodeEntities(this.src.slice(this.attrs[i * 5 + 2]!, this.attrs[i * 5 + 3]!));
  }

  /**
   * attrString for short values that repeat across the file (seat numbers, row letters, class names): the same
   * string object comes back without allocating, which keeps 200k seats from creating 200k little strings.
   */
  attrValue(i: number): string {
    const src = this.src;
    const start = this.attrs[i * 5 + 2]!, end = this.attrs[i * 5 + 3]!;
    if (end - start > 24) return this.attrString(i);
    let hash = end - start;
    for (let p = start; p < end; p++) {
      const c = src.charCodeAt(p);
      if (c === 38) return this.attrString(i);
      hash = (Math.imul(hash, 31) + c) | 0;
    }
    const slot = (hash ^ (hash >>> 13)) & 4095;
    const cached = this.valueCache[slot];
    if (cached !== undefined && cached.length === end - start && src.startsWith(cached, start)) return cached;
    const value = src.slice(start, end);
    this.valueCache[slot] = value;
    return value;
  }

  /** The attribute's leading number (units ignored), or NaN when absent or not a number. */
  attrNumber(i: number): number {
    if (i < 0) return NaN;
    const start = this.attrs[i * 5 + 2]!, end = this.attrs[i * 5 + 3]!;
    const plain = readPlainDecimal(this.src, start, end);
    return plain === plain ? plain : this.numbers.reset(this.src, start, end).next();
  }

  /** True when the attribute's value equals `value` exactly (compared in place); false for an absent one (-1). */
  attrEquals(i: number, value: string): boolean {
    if (i < 0) return false;
    const start = this.attrs[i * 5 + 2]!;
    return this.attrs[i * 5 + 3]! - start === value.length && this.src.startsWith(value, start);
  }

  /**
   * Value of the first attribute outside the known list whose name starts with `prefix` and contains `part`
   * (a seat id kept in some vendor's data attribute, e.g. data-seat-id), or null.
   */
  attrMatching(prefix: string, part: string): string | null {
    for (let i = 0; i < this.attrCount; i++) {
      if (this.attrs[i * 5 + 4] !== -1 || !this.src.startsWith(prefix, this.attrs[i * 5]!)) continue;
      if (this.attrName(i).indexOf(part, prefix.length) >= 0) return this.attrString(i);
    }
    return null;
  }
}
