/**
 * Where the zoom buttons zoom, pure: towards the pointer's last position over the map, else towards the selection
 * (brought to the middle first when it is out of sight), else around the middle of the view.
 */
import type { Point, Viewport } from './Camera';

export interface ZoomFocusInput {
  viewport: Viewport;
  /** The pointer's last position over the map (CSS px from its top-left corner), null when it never was there. */
  pointer: Point | null;
  /** The selection's centre on screen (CSS px), null without a selection. */
  selection: Point | null;
  zoomIn: boolean;
}

export interface ZoomFocus {
  /** The screen point that stays put while zooming. */
  at: Point;
  /** A screen point to move to the middle first (the selection out of sight), else null. */
  centre: Point | null;
  why: 'pointer' | 'selection' | 'middle';
}

const inside = (p: Point, vp: Viewport, margin: number) => p.x >= margin && p.y >= margin && p.x <= vp.width - margin && p.y <= vp.height - margin;

export function zoomFocus({ viewport, pointer, selection, zoomIn }: ZoomFocusInput): ZoomFocus {
  const middle = { x: viewport.width / 2, y: viewport.height / 2 };
  if (pointer && inside(pointer, viewport, 0)) return { at: pointer, centre: null, why: 'pointer' };
  if (zoomIn && selection) {
    if (inside(selection, viewport, 16)) return { at: selection, centre: null, why: 'selection' };
    return { at: middle, centre: selection, why: 'selection' };
  }
  return { at: middle, centre: null, why: 'middle' };
}
