import { describe, expect, it, vi } from 'vitest';
import { straightRow, tinyVenue } from './testing/tinyVenue';

// PixiJS reads the browser's navigator when loaded, and asks a canvas of its own for WebGL when it makes its first
// program (the fragment precision; none here); its buffers and meshes need no WebGL until drawn.
vi.stubGlobal('navigator', { userAgent: 'node' });
vi.stubGlobal('document', { createElement: () => ({ getContext: () => null }) });
const culling = vi.hoisted(() => ({ made: 0 }));
vi.mock('./seatCulling', async (importOriginal) => {
  const real = await importOriginal<typeof import('./seatCulling')>();
  return { ...real, computeRowBounds: (m: Parameters<typeof real.computeRowBounds>[0]) => (culling.made++, real.computeRowBounds(m)) };
});
const { computeRowBounds, countVisibleSeats } = await import('./seatCulling');
const { SeatLayer } = await import('./SeatLayer');

// Two sections of 3 rows of 10 seats (radius 4, 10 apart): x 0..90, y 0..20, and x 200..290, y 0..20.
const model = tinyVenue([
  { name: 'A', rows: [straightRow('K', 10, 0, 0), straightRow('L', 10, 0, 10), straightRow('M', 10, 0, 20)] },
  { name: 'B', rows: [straightRow('K', 10, 200, 0), straightRow('L', 10, 200, 10), straightRow('M', 10, 200, 20)] },
]);

describe('the seat layer', () => {
  it('makes its row bounds only when a cull, a count in view or the row labels first ask, then keeps them', () => {
    culling.made = 0;
    const layer = new SeatLayer(model);
    layer.setColors(new Uint32Array(model.seatCount).fill(0x336699ff));
    layer.setVisible(false);
    // A first frame of sections alone: built, coloured, hidden, and no pass over the seats for their rows.
    expect(culling.made).toBe(0);
    const left = { minX: -10, minY: -10, maxX: 100, maxY: 30 };
    expect(layer.countInView(left)).toBe(30);
    expect(culling.made).toBe(1);
    expect(layer.cull(left)).toBe(30);
    expect(layer.culledCount).toBe(30);
    expect(layer.rows).toEqual(computeRowBounds(model));
    expect(culling.made).toBe(2); // the one above for the comparison; the layer made its own once
    // Section B's row L alone (y 6..14 with its discs).
    expect(countVisibleSeats(layer.rows, model.rowSeatCount, { minX: 150, minY: 5, maxX: 300, maxY: 12 })).toBe(10);
    layer.destroy();
  });
});
