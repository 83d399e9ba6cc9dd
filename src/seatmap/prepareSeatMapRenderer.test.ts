import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SeatMapRenderer } from './SeatMapRenderer';

// The renderer and the scene stand in for WebGL: what is read here is what the prepare asks of them.
const created: { options: unknown; renderer: { isDestroyed: boolean; render: () => void; flush: () => void } }[] = [];
const precompiled: boolean[] = [];
vi.mock('./SeatMapRenderer', () => ({
  SeatMapRenderer: {
    create: vi.fn(async (_el: unknown, options: unknown) => {
      const renderer = { isDestroyed: false, render: vi.fn(), flush: vi.fn() };
      created.push({ options, renderer });
      return renderer;
    }),
  },
}));
vi.mock('./SeatMapScene', () => ({
  SeatMapScene: {
    precompileNext: vi.fn((_r: SeatMapRenderer, firstFrameSeats = true) => {
      precompiled.push(firstFrameSeats);
      return true;
    }),
  },
}));
const fontsWarmed: number[] = [];
vi.mock('./LabelLayer', () => ({ warmLabelFonts: vi.fn(() => void fontsWarmed.push(created.length)) }));
const marks: string[] = [];
vi.stubGlobal('performance', { mark: (name: string) => void marks.push(name) });

const { prepareSeatMapRenderer } = await import('./prepareSeatMapRenderer');

describe('a renderer prepared while the venue is parsed', () => {
  beforeEach(async () => {
    // The font task of the test before runs first.
    await new Promise((resolve) => setTimeout(resolve, 0));
    created.length = 0;
    precompiled.length = 0;
    marks.length = 0;
    fontsWarmed.length = 0;
  });

  it('when nobody says how large the venue is, then its first stage compiles the seats too, as the first frame may draw them', async () => {
    await prepareSeatMapRenderer({} as HTMLElement, { background: '#fff' });
    expect(precompiled).toEqual([true]);
    expect(created[0]!.options).toEqual({ background: '#fff' });
    expect(marks).not.toContain('seatmap:seats-after-first-frame');
  });

  it('when the venue\'s size is told while the context is being made, then the first stage goes by it', async () => {
    const options: { seats?: number } = {};
    const preparing = prepareSeatMapRenderer({} as HTMLElement, options);
    options.seats = 104_000;
    await preparing;
    expect(precompiled).toEqual([false]);
    expect(marks).toContain('seatmap:seats-after-first-frame');
    expect(created[0]!.options).toEqual({});
  });

  it('when the venue holds no more seats than the level of detail\'s budget, then the seats are compiled before the first frame', async () => {
    await prepareSeatMapRenderer({} as HTMLElement, { seats: 20_000 });
    expect(precompiled).toEqual([true]);
  });

  it('when the venue holds more seats than the budget, then the first stage leaves the seats to the warm-up after the first frame, and the renderer is made without the hint', async () => {
    await prepareSeatMapRenderer({} as HTMLElement, { seats: 100_000, resolution: 1 });
    expect(precompiled).toEqual([false]);
    expect(marks).toContain('seatmap:seats-after-first-frame');
    expect(created[0]!.options).toEqual({ resolution: 1 });
    expect(created[0]!.renderer.flush).toHaveBeenCalledOnce();
  });

  it('resolves the labels\' fonts in a task after the precompile, without holding the renderer for it', async () => {
    await prepareSeatMapRenderer({} as HTMLElement, { seats: 20_000 });
    expect(fontsWarmed).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fontsWarmed).toEqual([1]);
  });

  it('leaves the fonts alone when the renderer was destroyed before their task', async () => {
    const renderer = await prepareSeatMapRenderer({} as HTMLElement, {});
    (renderer as unknown as { isDestroyed: boolean }).isDestroyed = true;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fontsWarmed).toEqual([]);
  });
});
