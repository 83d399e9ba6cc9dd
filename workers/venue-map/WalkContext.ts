import { copyMatrix, setIdentity } from './svgTransform';

/**
 * What the enclosing elements say at each depth of the walk: the transform to map units, the section and row in
 * effect and the row segment (innermost unnamed group). One slot per depth in flat arrays, so an element costs a
 * few copies instead of an object. Slot d describes the open element at depth d (root = 1; slot 0 is the base).
 */
export const SECTION_NONE = 0;
/** A named group that is not a row: the section unless the file names one more explicitly. */
export const SECTION_FALLBACK = 1;
/** A section group (canonical, data-section, Inkscape layer, class or id naming a section). */
export const SECTION_EXPLICIT = 2;

export class WalkContext {
  matrix = new Float64Array(64 * 6);
  sectionName: (string | null)[] = [null];
  sectionStrength = new Uint8Array(64);
  /** The builder's section index for sectionName once resolved, else -1 (sections are created on first use). */
  sectionIndex = new Int32Array(64).fill(-1);
  rowLabel: (string | null)[] = [null];
  /** Cached builder row for rowLabel in sectionIndex, else -1. */
  rowIndex = new Int32Array(64).fill(-1);
  segment = new Int32Array(64).fill(-1);
  /** 1 inside a level group (g#LEVEL_2) of a section-only map. */
  level = new Uint8Array(64);

  constructor() {
    setIdentity(this.matrix, 0);
  }

  /** Slot d starts as a copy of slot d - 1. */
  inherit(d: number): void {
    if (d * 6 + 6 > this.matrix.length) this.grow();
    const p = d - 1;
    copyMatrix(this.matrix, p * 6, this.matrix, d * 6);
    this.sectionName[d] = this.sectionName[p]!;
    this.sectionStrength[d] = this.sectionStrength[p]!;
    this.sectionIndex[d] = this.sectionIndex[p]!;
    this.rowLabel[d] = this.rowLabel[p]!;
    this.rowIndex[d] = this.rowIndex[p]!;
    this.segment[d] = this.segment[p]!;
    this.level[d] = this.level[p]!;
  }

  setSection(d: number, name: string, strength: number, index: number): void {
    this.sectionName[d] = name;
    this.sectionStrength[d] = strength;
    this.sectionIndex[d] = index;
    this.rowLabel[d] = null;
    this.rowIndex[d] = -1;
  }

  setRow(d: number, label: string | null): void {
    this.rowLabel[d] = label;
    this.rowIndex[d] = -1;
  }

  private grow(): void {
    const size = this.sectionStrength.length * 2;
    const matrix = new Float64Array(size * 6);
    matrix.set(this.matrix);
    this.matrix = matrix;
    const widen = (a: Int32Array): Int32Array<ArrayBuffer> => {
      const b = new Int32Array(size).fill(-1);
      b.set(a);
      return b;
    };
    const strength = new Uint8Array(size);
    strength.set(this.sectionStrength);
    this.sectionStrength = strength;
    this.sectionIndex = widen(this.sectionIndex);
    this.rowIndex = widen(this.rowIndex);
    this.segment = widen(this.segment);
    const level = new Uint8Array(size);
    level.set(this.level);
    this.level = level;
  }
}
