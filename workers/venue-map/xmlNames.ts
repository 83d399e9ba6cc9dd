/**
 * Small pieces the tokenizer is built from: a rolling hash of names, a table from a name's hash to its code, and
 * entity decoding.
 */
export function grow(a: Int32Array): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

export function hashRange(src: string, start: number, end: number): number {
  let h = 0;
  for (let i = start; i < end; i++) h = (Math.imul(h, 31) + src.charCodeAt(i)) | 0;
  return h;
}

/**
 * Open-addressing table from a name's hash to its code. A hit needs the same 32-bit hash and the same length; an
 * unknown attribute colliding with a known one on both is astronomically unlikely and could only make the importer
 * read a wrong number, never run anything, so names are not compared character by character on the hot path.
 */
export class NameTable {
  readonly hashes: Int32Array;
  readonly codes: Int32Array;
  readonly lengths: Int32Array;
  readonly mask: number;

  constructor(names: readonly string[]) {
    let size = 64;
    while (size < names.length * 4) size *= 2;
    this.mask = size - 1;
    this.hashes = new Int32Array(size);
    this.codes = new Int32Array(size).fill(-1);
    this.lengths = new Int32Array(size);
    names.forEach((name, code) => {
      const h = hashRange(name, 0, name.length);
      let slot = (h ^ (h >>> 11)) & this.mask;
      while (this.codes[slot]! >= 0) {
        if (this.hashes[slot] === h) throw new Error(`XmlTokenizer: "${name}" shares a hash with "${names[this.codes[slot]!]}"`);
        slot = (slot + 1) & this.mask;
      }
      this.hashes[slot] = h;
      this.codes[slot] = code;
      this.lengths[slot] = name.length;
    });
  }

  get(hash: number, length: number): number {
    let slot = (hash ^ (hash >>> 11)) & this.mask;
    for (;;) {
      const code = this.codes[slot]!;
      if (code < 0) return -1;
      if (this.hashes[slot] === hash) return this.lengths[slot] === length ? code : -1;
      slot = (slot + 1) & this.mask;
    }
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the predefined XML entities and character references; anything else is left as written. */
export function decodeEntities(text: string): string {
  if (text.indexOf('&') < 0) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, body: string) => {
    if (body.charCodeAt(0) === 35) {
      const code = body.charCodeAt(1) === 120 ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[body] ?? whole;
  });
}

/**
 * `s` in memory of its own. V8 keeps a string cut from a longer one (slice, substring, trim) of 13 characters or more
 * as a view into the original: a section name or the map's name kept in the model would keep the whole SVG text
 * alive (1.25 MB at 20k seats, 100 MB at the upload limit) wherever the model is held after a parse on the same
 * thread. Joining makes a new flat string; cutting the joined space off again leaves a view into that copy only.
 */
export function unshared(s: string): string {
  return s.length < 13 ? s : (' ' + s).slice(1);
}
