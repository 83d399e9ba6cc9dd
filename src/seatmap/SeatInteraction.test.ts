import { describe, expect, it } from 'vitest';
import { SeatInteraction } from './SeatInteraction';
import { SelectionController } from './SelectionController';
import type { SeatMapIndex } from './types';
import { straightRow, tinyVenue } from './testing/tinyVenue';

// Two rows of four seats, 10 map units apart; the camera is the identity (screen = map).
const model = tinyVenue([{ name: 'A', rows: [straightRow('1', 4, 0, 0), straightRow('2', 4, 0, 10)] }]);

function setUp(selectable: number[]) {
  const index = {
    seatAt: (x: number, y: number) => (y === 0 ? x / 10 : 4 + x / 10),
    sectionAt: () => 0,
  } as unknown as SeatMapIndex;
  const changes: number[][] = [];
  const announced: string[] = [];
  const clicks: { seat: number; selectable: boolean }[] = [];
  const selection = new SelectionController(model, index, () => undefined, (selected) => void changes.push([...selected]));
  selection.setSelectable(Uint8Array.from({ length: model.seatCount }, (_, s) => (selectable.includes(s) ? 1 : 0)));
  const interaction = new SeatInteraction({
    model,
    index,
    selection,
    seatsShown: () => true,
    screenToWorld: (x, y) => ({ x, y }),
    visibleWorldRect: () => ({ minX: 0, minY: 0, maxX: 100, maxY: 100 }),
    focusSeat: () => -1,
    moveFocusTo: () => undefined,
    emit: (name, payload) => {
      if (name === 'announce') announced.push((payload as { text: string }).text);
      if (name === 'seatClick') clicks.push(payload as { seat: number; selectable: boolean });
    },
    isDestroyed: () => false,
  });
  const click = (seat: number, shift: boolean) => interaction.click((seat % 4) * 10, seat < 4 ? 0 : 10, { shift, ctrl: false, meta: false, alt: false });
  return { selection, changes, announced, clicks, click };
}

describe('a shift-click on a seat that cannot be selected (sold, reserved, hidden)', () => {
  it('when its row has seats that can be, then those are selected, and the click still reports the seat it was on', async () => {
    // Row 1: seat 1 (index 1) sold, the others free.
    const { selection, clicks, announced, click } = setUp([0, 2, 3, 4, 5, 6, 7]);
    await click(1, true);
    expect([...selection.selection.toArray()]).toEqual([0, 2, 3]);
    expect(clicks).toEqual([expect.objectContaining({ seat: 1, selectable: false })]);
    expect(announced.at(-1)).toMatch(/3 seats selected/);
  });

  it('when no seat of its row can be, then the selection stays as it was', async () => {
    // Row 2 all sold; a seat of row 1 selected first.
    const { selection, changes, click } = setUp([0, 1, 2, 3]);
    await click(2, false);
    expect([...selection.selection.toArray()]).toEqual([2]);
    await click(5, true);
    expect([...selection.selection.toArray()]).toEqual([2]);
    expect(changes).toHaveLength(1);
  });

  it('when it is a plain click, then nothing is selected (the seat says why)', async () => {
    const { selection, changes, click } = setUp([0, 2, 3]);
    await click(1, false);
    expect(selection.selection.count).toBe(0);
    expect(changes).toHaveLength(0);
  });
});
