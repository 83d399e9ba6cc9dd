import { SkipLog } from './SkipLog';
import { UnreadLog } from './UnreadLog';
import { VenueSvgError } from './VenueSvgError';
import { unshared } from './xmlNames';

/** The most seats one map may have: more than twice the largest stadium; a cap on memory whatever the file. */
export const MAX_SEATS = 500_000;

/** Internal seat flag bits above the model's SEAT_FLAG_* ones; stripped before the model is built. */
export const SEAT_CANDIDATE = 0x80;
/** An unmarked shape taken as a seat in a map whose other seats are marked (it passed the size vetting). */
export const SEAT_GUESSED = 0x40;
export const PUBLIC_FLAGS = 0x3f;
/** Seats of maps that name no section at all go to this section. */
export const DEFAULT_SECTION = 'Main';

function grow<T extends Float32Array | Int32Array | Uint8Array>(a: T, size: number): T {
  const next = new (a.constructor as new (n: number) => T)(size);
  next.set(a);
  return next;
}

/**
 * Everything the walk over the SVG finds, in document order, in growable typed arrays (one object per seat would
 * cost more than the whole tokenizer at 200k seats). buildModel turns it into the ordered VenueModel.
 */
export class VenueBuilder {
  readonly strings: string[] = [];
  private readonly stringIds = new Map<string, number>();

  readonly sectionName: number[] = [];
  readonly sectionGeneralAdmission: boolean[] = [];
  readonly sectionCapacity: number[] = [];
  readonly sectionDeclared: boolean[] = [];
  /** Outline polygon in map units (x, y pairs), or null when the file draws none. */
  readonly sectionOutline: (number[] | null)[] = [];
  private readonly sectionByName = new Map<string, number>();

  readonly rowSection: number[] = [];
  readonly rowLabel: number[] = [];
  /** Seats added with each row (a row given later, by inferRows, is not counted: see seatsWithoutRow). */
  readonly rowSeatsAdded: number[] = [];
  /**
   * Box of the discs of each section's seats as added (minX, minY, maxX, maxY; empty as +/-Infinity), from the stored
   * float32 values: the sections' seat boxes of a file already in the model's order with every seat kept, so
   * buildModel needs no pass over the seats for them.
   */
  readonly sectionSeatBox: number[] = [];
  /** Seats of each section not dropped (drop, dropAsSection). */
  readonly sectionSeatsLive: number[] = [];
  private readonly rowByKey = new Map<number, number>();

  seatCount = 0;
  /**
   * Seats added as unmarked candidates, without a row, without a number, in the order added: rows and numbers are
   * only ever filled in and the candidate flag only cleared later, so buildModel looks at these seats, not at every
   * seat (one decoration shape among the 200k marked seats of a canonical map cost three passes over all of them).
   */
  readonly candidateSeats: number[] = [];
  readonly seatsWithoutRow: number[] = [];
  readonly seatsWithoutLabel: number[] = [];
  /**
   * Smallest and largest radius of the marked seats added (not candidates), as stored: equal when every marked seat
   * has one size (canonical maps), which is then their median without sorting them.
   */
  markedRadiusMin = Infinity;
  markedRadiusMax = -Infinity;
  seatX: Float32Array;
  seatY: Float32Array;
  seatRadius: Float32Array;
  seatSection: Int32Array;
  /** Row index, or -1 when the file says nothing about the row (inferred from geometry later). */
  seatRow: Int32Array;
  /** Label string id, or -1 when the file gives no seat number (inferred from order along the row later). */
  seatLabel: Int32Array;
  /** Unnamed group the seat sat in (a row segment in maps without metadata), or -1. */
  seatSegment: Int32Array;
  seatFlags: Uint8Array;
  /** Source offset of the element each seat came from: the report's sample ids. */
  seatSource: Int32Array;

  /** `expectedSeats` sizes the arrays up front (a guess from the file size saves regrowing them). */
  constructor(expectedSeats = 1024) {
    const n = Math.max(16, Math.min(expectedSeats, 1 << 18));
    this.seatX = new Float32Array(n);
    this.seatY = new Float32Array(n);
    this.seatRadius = new Float32Array(n);
    this.seatSection = new Int32Array(n);
    this.seatRow = new Int32Array(n);
    this.seatLabel = new Int32Array(n);
    this.seatSegment = new Int32Array(n);
    this.seatFlags = new Uint8Array(n);
    this.seatSource = new Int32Array(n);
  }

  /** Builder seats dropped (drop, dropAsSection), in the order dropped: each once. */
  readonly droppedSeats: number[] = [];
  /** The sections those seats were in (their boxes in sectionSeatBox count them). */
  readonly sectionsWithDrops = new Set<number>();
  /** Seat-like elements that never became a seat of the builder (a malformed id, a seat without geometry...). */
  seenNotAdded = 0;
  /** Seat-like and section-like elements not read, by kind and reason (the report's tally). */
  readonly unread = new UnreadLog();
  readonly sectionsUnread = new UnreadLog();
  /** A seat-like element the walk met and could not add: counted as seen and not read. */
  notAdded(kind: string, reason: string, offset: number): void {
    this.seenNotAdded++;
    this.unread.add(kind, reason, offset);
  }
  /** Builder seat i is not read after all: it leaves the map and the tally says why. */
  drop(i: number, kind: string, reason: string, offset = this.seatSource[i]!): void {
    if (this.seatSection[i]! < 0) return;
    this.sectionsWithDrops.add(this.seatSection[i]!);
    this.sectionSeatsLive[this.seatSection[i]!]--;
    this.seatSection[i] = -1;
    this.droppedSeats.push(i);
    this.unread.add(kind, reason, offset);
    this.markUnread(i);
  }
  /**
   * Builder seat i is not a seat but was read as (part of) a section: a block, a zone, a marker or a named shape that
   * became a section, or the outline drawn over a block read. The tally still counts it as a seat-like element not
   * read as a seat, with the reason; it gets no ring on the import screen, since the section drawn there is it.
   */
  dropAsSection(i: number, kind: string, reason: string, offset = this.seatSource[i]!): void {
    if (this.seatSection[i]! < 0) return;
    this.sectionsWithDrops.add(this.seatSection[i]!);
    this.sectionSeatsLive[this.seatSection[i]!]--;
    this.seatSection[i] = -1;
    this.droppedSeats.push(i);
    this.unread.add(kind, reason, offset);
  }
  /** Where the elements not read stand (x, y, r in map units), for the import screen; at most 5,000 of them. */
  readonly unreadMarks: number[] = [];
  markUnread(i: number): void {
    if (this.unreadMarks.length < 15_000) this.unreadMarks.push(this.seatX[i]!, this.seatY[i]!, this.seatRadius[i]!);
  }
  /** Number-only <text> labels (seat numbers?) with their anchor in map units and source offset. */
  readonly numberLabels: number[] = [];
  /** Groups that say how many seats (and rows) they hold: checked against what was read inside them. */
  readonly countClaims: { name: string; seats: number; rows: number; firstSeat: number; endSeat: number;
    offset: number }[] = [];
  /**
   * Plain groups holding exactly one unmarked shape (and perhaps its lettering): zones of a section-only map when
   * there are several. `seat` is the builder seat the shape became (a candidate), or -1; the `glyphSeats` after it
   * are its lettering outlined into shapes.
   */
  readonly zoneGroups: { name: string; section: string | null; polygon: number[]; seat: number; glyphSeats: number;
    numbered: boolean; offset: number }[] = [];
  /**
   * Unmarked shapes whose id reads as a section's name ("Prime A East 2", "VIP 12"): sections without seats in a map
   * that marks no seats. `seat` is the builder seat the shape may have become (check seatSource against offset).
   */
  readonly namedShapes: { name: string; polygon: number[]; seat: number; offset: number }[] = [];
  /** Drawn outlines of unmarked shapes (candidates), at most 2,048: a block read as a section keeps its shape. */
  readonly candidateOutline = new Map<number, number[]>();
  /**
   * Unmarked shapes too elongated for a seat (at most 2,048), in map units, and whether a group named a section for
   * them: sections of a map drawn as blocks when it turns out to be one, otherwise decoration.
   */
  readonly looseShapes: { minX: number; minY: number; maxX: number; maxY: number; polygon: number[];
    inSection: boolean; offset: number }[] = [];

  readonly conventions = new Set<string>();
  /** Sections named by a plain group id or an id's block rather than marked as sections. */
  readonly sectionInferred = new Set<number>();
  /** Sections whose seats were read from geometry (bare shapes), guessed (a choice), or made from a seat marker. */
  readonly sectionSeatsFrom = new Map<number, 'inferred' | 'guessed'>();
  readonly sectionGuessed = new Set<number>();
  /** Sections whose rows (or seat numbers) were inferred from geometry. */
  readonly rowsInferred = new Set<number>();
  readonly warnings: import('./venueModel').ImportWarning[] = [];
  readonly notes: string[] = [];
  /** Seat-like attributes no rule read, per name: on how many seats, and whether they read like seat text. */
  readonly unreadAttributes = new Map<string, { count: number; sentence: boolean; x: number; y: number }>();

  /** Seats (candidates) carrying text that reads like a seat description: seat-like whatever their spacing. */
  readonly seatsWithWords = new Set<number>();
  /** Notes the unread attributes of the seat (or seat candidate) just added. */
  noteUnread(unused: string[], unread: string[]): void {
    const i = this.seatCount - 1;
    if (i < 0) return;
    if (unread.length) this.seatsWithWords.add(i);
    for (const list of [unused, unread]) {
      for (const name of list) {
        const entry = this.unreadAttributes.get(name);
        if (entry) entry.count++;
        else this.unreadAttributes.set(name, { count: 1, sentence: list === unread, x: this.seatX[i]!, y: this.seatY[i]! });
      }
    }
  }
  /**
   * The drawn outline (map units) of seat shapes that may turn out to be sections (the first shape of a section, or
   * one much larger than the seats before it): a marker read as a section gets its real shape, not a box.
   */
  readonly seatOutline = new Map<number, number[]>();
  readonly skipped = new SkipLog();
  /** Text labels with their anchor in map units: names for section shapes that carry none. */
  readonly texts: { x: number; y: number; text: string }[] = [];

  /** The id of `s` in `strings` (the model's), which keeps a copy of its own, never a view into the SVG text. */
  intern(s: string): number {
    let id = this.stringIds.get(s);
    if (id === undefined) {
      id = this.strings.length;
      const own = unshared(s);
      this.strings.push(own);
      this.stringIds.set(own, id);
    }
    return id;
  }

  /** The section with this name, created (in document order) on first use. */
  section(name: string): number {
    let s = this.sectionByName.get(name);
    if (s === undefined) {
      s = this.sectionName.length;
      this.sectionName.push(this.intern(name));
      this.sectionGeneralAdmission.push(false);
      this.sectionCapacity.push(0);
      this.sectionDeclared.push(false);
      this.sectionOutline.push(null);
      this.sectionSeatBox.push(Infinity, Infinity, -Infinity, -Infinity);
      this.sectionSeatsLive.push(0);
      this.sectionByName.set(name, s);
    }
    return s;
  }

  /** Gives a section a better name found later (a text label inside an unnamed section shape). */
  renameSection(section: number, name: string): void {
    this.sectionByName.delete(this.strings[this.sectionName[section]!]!);
    this.sectionName[section] = this.intern(name);
    this.sectionByName.set(name, section);
  }

  hasSection(name: string): boolean {
    return this.sectionByName.has(name);
  }

  /** The row with this label in the section, created on first use. */
  row(section: number, label: number): number {
    const key = section * 0x4000000 + label;
    let r = this.rowByKey.get(key);
    if (r === undefined) {
      r = this.rowSection.length;
      this.rowSection.push(section);
      this.rowLabel.push(label);
      this.rowSeatsAdded.push(0);
      this.rowByKey.set(key, r);
    }
    return r;
  }

  addSeat(x: number, y: number, radius: number, section: number, row: number, label: number, segment: number,
    flags: number, source: number): void {
    const next = this.nextSeat;
    next[0] = x;
    next[1] = y;
    next[2] = radius;
    this.addNextSeat(section, row, label, segment, flags, source);
  }

  /**
   * The next seat's centre and radius (x, y, r), for addNextSeat: a caller in the hot loop (SeatPlacer.canonicalSeats)
   * writes them here rather than passing them, so optimised code boxes no number for the call.
   */
  readonly nextSeat = new Float64Array(3);

  /** addSeat with the centre and radius in nextSeat. */
  addNextSeat(section: number, row: number, label: number, segment: number, flags: number, source: number): void {
    const i = this.seatCount;
    if (i >= MAX_SEATS) throw new VenueSvgError(`The map has more than ${MAX_SEATS.toLocaleString('en')} seats, the import limit; split it into several maps`);
    if (i === this.seatX.length) this.growSeats(i * 2);
    const next = this.nextSeat;
    this.seatX[i] = next[0]!;
    this.seatY[i] = next[1]!;
    this.seatRadius[i] = next[2]!;
    this.seatSection[i] = section;
    this.seatRow[i] = row;
    this.seatLabel[i] = label;
    this.seatSegment[i] = segment;
    this.seatFlags[i] = flags;
    this.seatSource[i] = source;
    this.seatCount = i + 1;
    if ((flags & SEAT_CANDIDATE) !== 0) this.candidateSeats.push(i);
    else {
      // Stored whether or not they change: a store first reached deep into a file (after the JIT compiled this
      // method) would throw the compiled code away.
      const r = this.seatRadius[i]!;
      this.markedRadiusMin = r < this.markedRadiusMin ? r : this.markedRadiusMin;
      this.markedRadiusMax = r > this.markedRadiusMax ? r : this.markedRadiusMax;
    }
    if (row < 0) this.seatsWithoutRow.push(i);
    else this.rowSeatsAdded[row]++;
    this.sectionSeatsLive[section]++;
    if (label < 0) this.seatsWithoutLabel.push(i);
    // The same float32 values and sums as the model's arrays give (copySeats computes them so for other files).
    const sx = this.seatX[i]!, sy = this.seatY[i]!, sr = this.seatRadius[i]!, box = this.sectionSeatBox, o = section * 4;
    if (sx - sr < box[o]!) box[o] = sx - sr;
    if (sy - sr < box[o + 1]!) box[o + 1] = sy - sr;
    if (sx + sr > box[o + 2]!) box[o + 2] = sx + sr;
    if (sy + sr > box[o + 3]!) box[o + 3] = sy + sr;
  }

  private growSeats(size: number): void {
    this.seatX = grow(this.seatX, size);
    this.seatY = grow(this.seatY, size);
    this.seatRadius = grow(this.seatRadius, size);
    this.seatSection = grow(this.seatSection, size);
    this.seatRow = grow(this.seatRow, size);
    this.seatLabel = grow(this.seatLabel, size);
    this.seatSegment = grow(this.seatSegment, size);
    this.seatFlags = grow(this.seatFlags, size);
    this.seatSource = grow(this.seatSource, size);
  }
}
