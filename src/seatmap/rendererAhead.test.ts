import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SeatMapRenderer } from './SeatMapRenderer';

const prepared: { destroy: ReturnType<typeof vi.fn> }[] = [];
vi.mock('./prepareSeatMapRenderer', () => ({
  prepareSeatMapRenderer: vi.fn(async () => {
    const renderer = { destroy: vi.fn() };
    prepared.push(renderer);
    return renderer as unknown as SeatMapRenderer;
  }),
}));

const { KEEP_MS, prepareRendererAhead, takeRendererAhead } = await import('./rendererAhead');
const { prepareSeatMapRenderer } = await import('./prepareSeatMapRenderer');

describe('a renderer prepared ahead', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('document', { createElement: () => ({}) });
    prepared.length = 0;
    takeRendererAhead();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('when a page asks twice before an engine takes it, then one renderer is prepared and the engine gets that one', async () => {
    prepareRendererAhead();
    prepareRendererAhead();
    expect(prepared).toHaveLength(1);
    expect(await takeRendererAhead()).toBe(prepared[0]);
    expect(takeRendererAhead()).toBeNull();
  });

  it('when the page knows the venue\'s size, then the renderer is prepared with it', async () => {
    prepareRendererAhead({ seats: 104_000 });
    expect(vi.mocked(prepareSeatMapRenderer)).toHaveBeenLastCalledWith(expect.anything(), { seats: 104_000 });
    expect(await takeRendererAhead()).toBe(prepared[0]);
  });

  it('when the map page learns the venue\'s size while the navigation\'s blind one is being made, then that one is told it', async () => {
    prepareRendererAhead({}, 3 * KEEP_MS);
    prepareRendererAhead({ seats: 104_000 });
    expect(prepared).toHaveLength(1);
    const told = vi.mocked(prepareSeatMapRenderer).mock.lastCall![1]!;
    expect(told.seats).toBe(104_000);
    prepareRendererAhead({ seats: 20 });
    expect(told.seats).toBe(104_000);
    expect(await takeRendererAhead()).toBe(prepared[0]);
  });

  it('when nobody takes it in time, then it is destroyed and the next engine makes its own', async () => {
    prepareRendererAhead();
    await vi.advanceTimersByTimeAsync(KEEP_MS);
    expect(prepared[0]!.destroy).toHaveBeenCalledOnce();
    expect(takeRendererAhead()).toBeNull();
  });

  it('when a page keeps it longer (a warmed map), then it waits that long for its engine and no longer', async () => {
    prepareRendererAhead({}, 3 * KEEP_MS);
    await vi.advanceTimersByTimeAsync(KEEP_MS);
    expect(prepared[0]!.destroy).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2 * KEEP_MS);
    expect(prepared[0]!.destroy).toHaveBeenCalledOnce();
    expect(takeRendererAhead()).toBeNull();
  });

  it('when an engine took it, then it is the engine\'s: the keeping time no longer destroys it', async () => {
    prepareRendererAhead();
    await takeRendererAhead();
    await vi.advanceTimersByTimeAsync(KEEP_MS);
    expect(prepared[0]!.destroy).not.toHaveBeenCalled();
  });
});
