import { pointInPolygon } from './pointInPolygon';
import type { SeatPlacer } from './SeatPlacer';
import type { VenueBuilder } from './VenueBuilder';
import { SECTION_EXPLICIT, type WalkContext } from './WalkContext';
import type { XmlTokenizer } from './XmlTokenizer';

/**
 * Section areas found by the walker: the outline of the enclosing section, or a section drawn as one shape (the
 * section-only maps). Unnamed section shapes take the text label placed inside them once the whole file is read.
 */
export class SectionAreas {
  private readonly unnamed: { section: number; polygon: number[] }[] = [];

  constructor(private readonly tok: XmlTokenizer, private readonly b: VenueBuilder, private readonly ctx: WalkContext,
    private readonly seats: SeatPlacer) {}

  /** The enclosing section is declared by data attributes and has no outline yet: its first area shape is it. */
  wantsOutline(d: number): boolean {
    const p = d - 1;
    const index = this.ctx.sectionIndex[p]!;
    return this.ctx.sectionStrength[p] === SECTION_EXPLICIT && index >= 0 && this.b.sectionDeclared[index]!
      && this.b.sectionOutline[index] === null;
  }

  /** An outline of the enclosing section (name null) or a section drawn as one shape (name given, '' = unnamed). */
  outline(d: number, polygon: number[], name: string | null, convention: string): number {
    const b = this.b;
    if (polygon.length < 6) {
      b.skipped.add(this.tok.tagName(), 'section shape without usable geometry', this.tok.lineAt(this.tok.tokenStart));
      return -1;
    }
    let section: number;
    if (name === null) {
      if (this.ctx.sectionName[d - 1] == null) {
        b.skipped.add(this.tok.tagName(), 'section outline outside any section', this.tok.lineAt(this.tok.tokenStart));
        return -1;
      }
      section = this.seats.sectionFor(d - 1, null, null);
    } else {
      const placeholder = name === '';
      section = b.section(placeholder ? `Section ${b.sectionName.length + 1}` : name);
      b.sectionDeclared[section] = true;
      if (placeholder) this.unnamed.push({ section, polygon });
      b.conventions.add(convention);
    }
    if (b.sectionOutline[section] === null) b.sectionOutline[section] = polygon;
    return section;
  }

  /** Names unnamed section shapes after the text label inside them, when there is one and the name is free. */
  finish(): void {
    for (const { section, polygon } of this.unnamed) {
      const label = this.labelInside(polygon);
      if (label !== null && !this.b.hasSection(label)) this.b.renameSection(section, label);
    }
  }

  private labelInside(polygon: number[]): string | null {
    for (const t of this.b.texts) if (pointInPolygon(polygon, 0, polygon.length / 2, t.x, t.y)) return t.text;
    return null;
  }
}
