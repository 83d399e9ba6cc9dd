/**
 * Orders labels the way people read them: "2" before "10", "9A" before "10", "A" before "B", "AA" after "Z"
 * (longer letter runs sort after shorter ones, like spreadsheet columns, which is how venues label rows past Z).
 */
export function naturalCompare(a: string, b: string): number {
  return compareNatural(chunks(a), a, chunks(b), b);
}

/**
 * The order of naturalCompare for many strings at once: each string is cut into its number and letter runs once,
 * not at every comparison. Returns the strings' indexes in that order.
 */
export function naturalOrder(strings: readonly string[]): number[] {
  const keys = strings.map(chunks);
  return strings.map((_, i) => i).sort((p, q) => compareNatural(keys[p]!, strings[p]!, keys[q]!, strings[q]!));
}

function compareNatural(pa: (string | number)[], a: string, pb: (string | number)[], b: string): number {
  const n = Math.min(pa.length, pb.length);
  for (let i = 0; i < n; i++) {
    const x = pa[i]!, y = pb[i]!;
    const xNum = typeof x === 'number', yNum = typeof y === 'number';
    if (xNum && yNum) {
      if (x !== y) return x < y ? -1 : 1;
    } else if (xNum !== yNum) {
      return xNum ? -1 : 1;
    } else if (x !== y) {
      const xs = x as string, ys = y as string;
      if (xs.length !== ys.length) return xs.length - ys.length;
      return xs < ys ? -1 : 1;
    }
  }
  if (pa.length !== pb.length) return pa.length - pb.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

function chunks(s: string): (string | number)[] {
  const out: (string | number)[] = [];
  const re = /(\d+)|(\D+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s)) !== null) out.push(m[1] !== undefined ? Number(m[1]) : m[2]!.toUpperCase());
  return out;
}
