import { describe, expect, it, vi } from 'vitest';
import { computeRowBounds, countVisibleSeats } from './seatCulling';
import { straightRow, tinyVenue } from './testing/tinyVenue';

// PixiJS reads the browser's navigator when loaded, and asks a canvas of its own for WebGL when it makes its first
// program (the fragment precision; none here); its buffers and meshes need no WebGL until drawn.
vi.stubGlobal('navigator', { userAgent: 'node' });
vi.stubGlobal('document', { createElement: () => ({ getContext: () => null }) });
const { SeatLayer } = await import('./SeatLayer');

/**
 * Two sections of 3 rows of 10 seats (radius 4, 10 apart): x 0..90 and 200..290, y 0..20. The seats' radii are read
 * through a counter: the layer hands the array to its vertex buffer once when built, and the row bounds read it again.
 */
function countedVenue() {
  const model = tinyVenue([
    { name: 'A', rows: [straightRow('K', 10, 0, 0), straightRow('L', 10, 0, 10), straightRow('M', 10, 0, 20)] },
    { name: 'B', rows: [straightRow('K', 10, 200, 0), straightRow('L', 10, 200, 10), straightRow('M', 10, 200, 20)] },
  ]);
  const expected = computeRowBounds(model);
  const radii = model.seatRadius;
  const reads = { radii: 0 };
  Object.defineProperty(model, 'seatRadius', { get: () => (reads.radii++, radii) });
  return { model, expected, reads };
}

describe('the seat layer', () => {
  it('makes its row bounds when a count in view, a cull or the row labels first ask, not when built, and makes them once', () => {
    const { model, expected, reads } = countedVenue();
    const layer = new SeatLayer(model);
    layer.setColors(new Uint32Array(model.seatCount).fill(0x336699ff));
    layer.setVisible(false);
    // A first frame of sections alone: the layer built (its vertex buffer over the radii), coloured and hidden, and
    // no pass over the seats for their rows' bounds.
    const whenBuilt = reads.radii;
    expect(whenBuilt).toBe(1);
    const left = { minX: -10, minY: -10, maxX: 100, maxY: 30 };
    expect(layer.countInView(left)).toBe(30);
    expect(reads.radii).toBe(whenBuilt + 1);
    expect(layer.cull(left)).toBe(30);
    expect(layer.culledCount).toBe(30);
    expect(layer.rows).toEqual(expected);
    expect(reads.radii).toBe(whenBuilt + 1);
    // Section B's row L alone (y 6..14 with its discs).
    expect(countVisibleSeats(layer.rows, model.rowSeatCount, { minX: 150, minY: 5, maxX: 300, maxY: 12 })).toBe(10);
    layer.destroy();
  });

  it('makes them when told to (the engine does, idle, after its first frame), and not again when asked', () => {
    const { model, expected, reads } = countedVenue();
    const layer = new SeatLayer(model);
    const whenBuilt = reads.radii;
    expect(layer.makeRows()).toEqual(expected);
    expect(layer.countInView({ minX: -10, minY: -10, maxX: 300, maxY: 30 })).toBe(60);
    expect(layer.cull({ minX: -10, minY: -10, maxX: 300, maxY: 30 })).toBe(60);
    expect(reads.radii).toBe(whenBuilt + 1);
    layer.destroy();
  });
});
