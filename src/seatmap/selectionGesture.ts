/**
 * What a pointer gesture means for the selection, pure so the mapping is tested and documented in one place:
 * - click: select the seat (replace); ctrl/cmd-click toggles it;
 * - shift-click: select the seat's whole row; ctrl/cmd+shift-click adds the row;
 * - drag: pans, except with shift held or in the 'select' tool, where it draws a rectangle that selects
 *   the seats in it (replace; ctrl/cmd adds, alt removes).
 */
import type { SelectionOp } from './SeatSelection';

export type SelectionMode = 'pan' | 'select';

export interface Modifiers {
  shift: boolean;
  ctrl: boolean;
  meta: boolean;
  alt: boolean;
}

export interface ClickAction {
  target: 'seat' | 'row';
  op: SelectionOp;
}

export const NO_MODIFIERS: Modifiers = { shift: false, ctrl: false, meta: false, alt: false };

export function modifiersOf(e: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): Modifiers {
  return { shift: e.shiftKey, ctrl: e.ctrlKey, meta: e.metaKey, alt: e.altKey };
}

export function clickAction(mods: Modifiers): ClickAction {
  const toggleKey = mods.ctrl || mods.meta;
  if (mods.shift) return { target: 'row', op: toggleKey ? 'add' : 'replace' };
  return { target: 'seat', op: toggleKey ? 'toggle' : 'replace' };
}

export function dragKind(mode: SelectionMode, mods: Modifiers): 'pan' | 'rect' {
  return mode === 'select' || mods.shift ? 'rect' : 'pan';
}

export function rectOp(mods: Modifiers): SelectionOp {
  if (mods.alt) return 'remove';
  return mods.ctrl || mods.meta ? 'add' : 'replace';
}

/** Movement in CSS pixels under which a press is a click, not a drag. */
export const DRAG_THRESHOLD_PX = 4;

export function isDrag(dx: number, dy: number): boolean {
  return dx * dx + dy * dy > DRAG_THRESHOLD_PX * DRAG_THRESHOLD_PX;
}
