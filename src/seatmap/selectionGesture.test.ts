import { describe, expect, it } from 'vitest';
import { clickAction, dragKind, isDrag, NO_MODIFIERS, rectOp } from './selectionGesture';

const mods = (m: Partial<typeof NO_MODIFIERS>) => ({ ...NO_MODIFIERS, ...m });

describe('selection gestures', () => {
  it('click selects the seat; ctrl or cmd toggles it', () => {
    expect(clickAction(NO_MODIFIERS)).toEqual({ target: 'seat', op: 'replace' });
    expect(clickAction(mods({ ctrl: true }))).toEqual({ target: 'seat', op: 'toggle' });
    expect(clickAction(mods({ meta: true }))).toEqual({ target: 'seat', op: 'toggle' });
  });

  it('shift-click selects the row; with ctrl or cmd it adds the row', () => {
    expect(clickAction(mods({ shift: true }))).toEqual({ target: 'row', op: 'replace' });
    expect(clickAction(mods({ shift: true, meta: true }))).toEqual({ target: 'row', op: 'add' });
  });

  it('drag pans, shift-drag or the select tool draws a rectangle', () => {
    expect(dragKind('pan', NO_MODIFIERS)).toBe('pan');
    expect(dragKind('pan', mods({ shift: true }))).toBe('rect');
    expect(dragKind('select', NO_MODIFIERS)).toBe('rect');
  });

  it('a rectangle replaces, adds with ctrl/cmd, removes with alt', () => {
    expect(rectOp(mods({ shift: true }))).toBe('replace');
    expect(rectOp(mods({ shift: true, ctrl: true }))).toBe('add');
    expect(rectOp(mods({ alt: true }))).toBe('remove');
  });

  it('a press that moves a few pixels is still a click', () => {
    expect(isDrag(3, 2)).toBe(false);
    expect(isDrag(4, 3)).toBe(true);
  });
});
