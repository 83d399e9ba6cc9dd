/** The engine's public types: what it needs from the caller and what it tells back. */
import type { VenueIndexQueries } from '../../workers/venue-map/venueModel';

type MaybePromise<T> = T | Promise<T>;

/**
 * The index queries the engine asks (VenueIndexQueries), answered in place (the console opens the worker's packed index on the page) or asynchronously.
 * All coordinates are map units.
 */
export type SeatMapIndex = {
  [K in keyof VenueIndexQueries]: (...args: Parameters<VenueIndexQueries[K]>) => MaybePromise<ReturnType<VenueIndexQueries[K]>>;
};

export interface ScreenPoint {
  /** CSS pixels from the map container's top-left corner. */
  x: number;
  y: number;
}

export interface SeatHover extends ScreenPoint {
  seat: number;
}

export interface SectionHover extends ScreenPoint {
  section: number;
}

export interface SeatMapEvents {
  ready: { seatCount: number };
  /** The seat under the pointer changed (null when it left every seat). Not debounced. */
  seatHover: SeatHover | null;
  /** The section under the pointer changed (null when it left every section). Not debounced. */
  sectionHover: SectionHover | null;
  /** A seat was clicked, selectable or not (the caller may explain why it cannot be picked). */
  seatClick: { seat: number; selectable: boolean; shift: boolean; toggle: boolean };
  /** A click landed on a section but on no seat (at overview, every section click); `additive` with Shift, Ctrl or Cmd held. */
  sectionClick: { section: number; additive: boolean };
  /** The selection changed by the user (clicks, rectangle, keyboard, Escape); not by setSelection. */
  selectionChange: { selected: Uint32Array };
  focusChange: { seat: number };
  /** Text for an aria-live region. */
  announce: { text: string };
  camera: { x: number; y: number; scale: number; seatsVisible: boolean };
  /** After each rendered frame: JS time of the render call. */
  frame: { frame: number; jsMs: number };
}

export type SeatMapEventName = keyof SeatMapEvents;
