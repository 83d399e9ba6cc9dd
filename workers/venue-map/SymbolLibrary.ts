/**
 * What <use> can point at: <symbol>s (with their own viewBox, so one file can hold seat icons drawn at 0 0 50 50 and
 * at 0 0 500 500) and elements with an id inside <defs>. Each is kept as the bounding box of its shapes in its own
 * coordinates; a <use> maps that box into the map, which is all a seat needs (its centre and size).
 */
export interface SymbolTemplate {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** viewBox of a <symbol> [x, y, width, height], or null for a plain element. */
  viewBox: number[] | null;
  /** preserveAspectRatio="none": the viewBox stretches to the use's width and height. */
  stretch: boolean;
}

export class SymbolLibrary {
  private readonly templates = new Map<string, SymbolTemplate>();
  private open: (SymbolTemplate & { id: string }) | null = null;
  /** Depth of the element being recorded, or -1. */
  depth = -1;

  get recording(): boolean {
    return this.open !== null;
  }

  begin(id: string, depth: number, viewBox: number[] | null, stretch: boolean): void {
    this.open = { id, minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity, viewBox, stretch };
    this.depth = depth;
  }

  /** Adds a shape's box, in the recorded element's coordinates. */
  add(minX: number, minY: number, maxX: number, maxY: number): void {
    const t = this.open;
    if (!t) return;
    if (minX < t.minX) t.minX = minX;
    if (minY < t.minY) t.minY = minY;
    if (maxX > t.maxX) t.maxX = maxX;
    if (maxY > t.maxY) t.maxY = maxY;
  }

  end(): void {
    const t = this.open;
    this.open = null;
    this.depth = -1;
    if (t && t.minX <= t.maxX && !this.templates.has(t.id)) this.templates.set(t.id, t);
  }

  get(id: string): SymbolTemplate | undefined {
    return this.templates.get(id);
  }
}
