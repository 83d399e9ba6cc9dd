import { describe, expect, it } from 'vitest';
import { zoomFocus } from './zoomFocus';

const viewport = { width: 800, height: 600 };

describe('where the zoom buttons zoom', () => {
  it('towards the pointer when it was last over the map', () => {
    expect(zoomFocus({ viewport, pointer: { x: 100, y: 50 }, selection: { x: 400, y: 300 }, zoomIn: true })).toEqual({ at: { x: 100, y: 50 }, centre: null, why: 'pointer' });
  });

  it('towards the selection when the pointer never was over the map', () => {
    expect(zoomFocus({ viewport, pointer: null, selection: { x: 600, y: 100 }, zoomIn: true })).toMatchObject({ at: { x: 600, y: 100 }, why: 'selection' });
  });

  it('brings a selection out of sight to the middle first', () => {
    expect(zoomFocus({ viewport, pointer: null, selection: { x: 2000, y: 100 }, zoomIn: true })).toEqual({ at: { x: 400, y: 300 }, centre: { x: 2000, y: 100 }, why: 'selection' });
  });

  it('around the middle otherwise, and when zooming out', () => {
    expect(zoomFocus({ viewport, pointer: null, selection: null, zoomIn: true }).why).toBe('middle');
    expect(zoomFocus({ viewport, pointer: null, selection: { x: 10, y: 10 }, zoomIn: false }).why).toBe('middle');
  });
});
