import type { UnreadElements } from './venueModel';

/** Kinds of the report's tally (ImportTally.notRead). */
export const KIND_SHAPE = 'seat-like shape';
export const KIND_MARKER = 'seat marker';
/** The reason given for a seat whose id cannot be read ("p-10--6"): counted, not imported, and warned about. */
export const MALFORMED_SEAT_ID = 'malformed seat id';

/**
 * Elements that looked like seats or sections and were not read, counted by kind and reason, with the source offset
 * of the first one (its id and line are read from the file only when the report is written: nothing per element).
 */
export class UnreadLog {
  private readonly entries = new Map<string, { kind: string; reason: string; count: number; offset: number }>();

  add(kind: string, reason: string, offset: number, count = 1): void {
    if (count <= 0) return;
    const key = `${kind}\u0000${reason}`;
    const entry = this.entries.get(key);
    if (entry) entry.count += count;
    else this.entries.set(key, { kind, reason, count, offset });
  }

  /** How many elements were not read for `reason` (of any kind), and the source offset of the first, or null. */
  byReason(reason: string): { count: number; offset: number } | null {
    let count = 0, offset = -1;
    for (const e of this.entries.values()) {
      if (e.reason !== reason) continue;
      count += e.count;
      if (offset < 0 || (e.offset >= 0 && e.offset < offset)) offset = e.offset;
    }
    return count > 0 ? { count, offset } : null;
  }

  get total(): number {
    let n = 0;
    for (const e of this.entries.values()) n += e.count;
    return n;
  }

  list(src: string): UnreadElements[] {
    return [...this.entries.values()].map(({ kind, reason, count, offset }) => {
      const entry: UnreadElements = { kind, reason, count, sampleId: offset >= 0 ? idAt(src, offset) : null };
      if (offset >= 0) entry.line = lineOf(src, offset);
      return entry;
    });
  }
}

/** The id attribute of the tag that starts at `offset` (`<` or just after it), or null. */
export function idAt(src: string, offset: number): string | null {
  const end = src.indexOf('>', offset);
  const tag = src.slice(offset, end < 0 ? Math.min(src.length, offset + 2000) : Math.min(end, offset + 2000));
  const match = /\sid\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(tag);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

export function lineOf(src: string, offset: number): number {
  let line = 1;
  for (let i = src.indexOf('\n'); i >= 0 && i < offset; i = src.indexOf('\n', i + 1)) line++;
  return line;
}
