/** What a SeatMapEngine is created with. */
import type { VenueModel } from '../../workers/venue-map/venueModel';
import type { SeatMapRenderer } from './SeatMapRenderer';
import type { SelectionMode } from './selectionGesture';
import type { SeatMapIndex } from './types';

export interface SeatMapEngineOptions {
  model: VenueModel;
  /** Hit-testing, rows and rectangles; answered in place (the index the worker packed, opened on the page) or asynchronously. */
  index: SeatMapIndex;
  /** One colour a seat: 0xRRGGBBAA words, or R, G, B, A bytes. */
  seatColors?: Uint32Array | Uint8Array;
  /** One colour a section, same forms. */
  sectionColors?: Uint32Array | Uint8Array;
  /** 1 = the seat may be selected; 0 = hidden or unselectable. */
  selectable?: Uint8Array | null;
  selected?: ArrayLike<number>;
  /** 'pan': drag pans, shift-drag selects a rectangle; 'select': drag selects a rectangle. */
  selectionMode?: SelectionMode;
  ariaLabel?: string;
  /** CSS hex colour behind the map (ignored with `renderer`). */
  background?: string;
  /** Device pixels per CSS pixel; defaults to devicePixelRatio, at most 2 (ignored with `renderer`). */
  resolution?: number;
  /**
   * A renderer made ahead in the same container (prepareSeatMapRenderer, e.g. while the worker parses);
   * the engine owns and destroys it. Without one the engine makes its own.
   */
  renderer?: SeatMapRenderer | Promise<SeatMapRenderer>;
  /** Level of detail: seats are drawn when a typical seat's radius is at least this many CSS pixels ... */
  minSeatRadiusPx?: number;
  /** ... and at most this many are in view (default 20,000: a software rasteriser pays about a microsecond a seat). */
  seatBudget?: number;
  /** Zooming in stops when a typical seat's radius is this many CSS pixels. */
  maxSeatRadiusPx?: number;
  fitPaddingPx?: number;
  /**
   * A world rectangle the whole-venue fit includes besides the sections (the import preview's rings round elements
   * not read, which may lie outside every section), read when the engine is created.
   */
  fitAlso?: { minX: number; minY: number; maxX: number; maxY: number } | null;
  /** CSS pixels along the map's bottom that the caller draws over (the legend), read at each fit: the venue is fitted above them. */
  fitBottomInsetPx?: () => number;
  /** CSS pixels along the map's right edge that the caller draws over (the zoom buttons): fits leave them free. */
  fitRightInsetPx?: () => number;
  /** The caller's words for a standing area's state, drawn on the area when it is large on screen ("12 000 for sale"). */
  describeArea?: (section: number) => string | undefined;
  /** The caller's words for a seat's state in announcements ("reserved", "450 SEK"). */
  describeSeatState?: (seat: number) => string | undefined;
  /**
   * After the first frame, compile the programs not compiled yet (a prepared renderer compiled the first frame's), one
   * stage a task, so software GL compiles them then, not on the first zoom-in, selection or hover (default: true).
   */
  warmUpShaders?: boolean;
}
