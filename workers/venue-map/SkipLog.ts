import type { SkippedElement } from './venueModel';

/**
 * What the importer left out and why. Real files repeat the same kind of leftover thousands of times (clip paths
 * from a PDF import, hidden layers), so entries with the same element and reason are counted into one line that
 * keeps the first occurrence's line number: the report stays readable and small enough to send to the console.
 */
export class SkipLog {
  private readonly entries = new Map<string, { element: string; line: number | undefined; reason: string; count: number }>();

  add(element: string, reason: string, line?: number, count = 1): void {
    const key = `${element}\u0000${reason}`;
    const entry = this.entries.get(key);
    if (entry) entry.count += count;
    else this.entries.set(key, { element, line, reason, count });
  }

  list(): SkippedElement[] {
    return [...this.entries.values()].map(({ element, line, reason, count }) => {
      const text = count > 1 ? `${reason} (${count} elements${line === undefined ? '' : `, first on line ${line}`})`
        : reason;
      return line === undefined ? { element, reason: text } : { element, line, reason: text };
    });
  }
}
