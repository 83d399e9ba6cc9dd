import { describe, expect, it, vi } from 'vitest';
import type { SeatMapRenderer } from './SeatMapRenderer';

// PixiJS reads the browser's navigator when loaded, and asks a canvas of its own for WebGL when it makes its first
// program (the fragment precision; none here); its scene objects need no WebGL until drawn.
vi.stubGlobal('navigator', { userAgent: 'node' });
vi.stubGlobal('document', { createElement: () => ({ getContext: () => null }) });
const { Container } = await import('pixi.js');
type Container = InstanceType<typeof Container>;
const { PRECOMPILE_STAGES, SeatMapScene } = await import('./SeatMapScene');

/** What each draw of a precompile stage had on the stage: the labels of the visible meshes, and where it drew. */
interface Draw { target: 'screen' | 'off-canvas' | 'texture'; visible: string[]; mapShown: boolean }

/** A renderer without WebGL: records, at each draw, which labelled meshes would be drawn. */
function recordingRenderer(map: Container) {
  const stage = new Container();
  stage.addChild(map);
  const draws: Draw[] = [];
  const visibleLabels = (c: Container, out: string[]) => {
    if (!c.visible) return out;
    if (c.label && c.children.length === 0) out.push(c.label);
    for (const child of c.children) visibleLabels(child as Container, out);
    return out;
  };
  const record = (target: Draw['target']) => draws.push({ target, visible: visibleLabels(stage, []).filter((l) => l !== 'map'), mapShown: map.visible });
  let offCanvas = false;
  const renderer = {
    stage, background: '#f3f4f6', resolution: 1, pixelRatio: 1, precompiledStages: 0,
    render: () => record(offCanvas ? 'off-canvas' : 'screen'),
    renderTo: () => record('texture'),
    drawOffCanvas: (draw: () => void) => {
      offCanvas = true;
      try {
        draw();
      } finally {
        offCanvas = false;
      }
    },
  };
  return { renderer: renderer as unknown as SeatMapRenderer, draws };
}

describe('precompiling the programs in stages', () => {
  it('when a renderer is prepared, then its one stage draws sections and seats off the canvas but no ring and no cached view, and the map it holds is hidden meanwhile', () => {
    const map = new Container({ label: 'map' });
    const { renderer, draws } = recordingRenderer(map);
    expect(SeatMapScene.precompileNext(renderer)).toBe(true);
    expect(renderer.precompiledStages).toBe(1);
    expect(draws).toHaveLength(1);
    expect(draws[0]!.target).toBe('off-canvas');
    expect(draws[0]!.mapShown).toBe(false);
    expect(draws[0]!.visible).toEqual(expect.arrayContaining(['seats']));
    expect(draws[0]!.visible.some((l) => /section/.test(l))).toBe(true);
    expect(draws[0]!.visible).not.toContain('selection');
    expect(draws[0]!.visible).not.toContain('cached-view');
  });

  it('when the venue opens with sections alone, then the first stage draws the sections but no seat, and the rings\' stage after the first frame draws the seats', () => {
    const map = new Container({ label: 'map' });
    const { renderer, draws } = recordingRenderer(map);
    expect(SeatMapScene.precompileNext(renderer, false)).toBe(true);
    expect(draws).toHaveLength(1);
    expect(draws[0]!.target).toBe('off-canvas');
    expect(draws[0]!.visible.some((l) => /section/.test(l))).toBe(true);
    expect(draws[0]!.visible).not.toContain('seats');
    draws.length = 0;
    expect(SeatMapScene.precompileNext(renderer)).toBe(true);
    expect(PRECOMPILE_STAGES[renderer.precompiledStages - 1]).toBe('rings');
    expect(draws.flatMap((d) => d.visible)).toEqual(expect.arrayContaining(['seats', 'selection']));
    expect(draws.every((d) => d.target === 'off-canvas')).toBe(true);
  });

  it('when the engine goes on after its first frame, then the rings and the cached view follow, one stage a call, none on the canvas, and the stage holds only the map again', () => {
    const map = new Container({ label: 'map' });
    const { renderer, draws } = recordingRenderer(map);
    const stages: Draw[][] = [];
    while (SeatMapScene.precompileNext(renderer)) stages.push(draws.splice(0));
    expect(stages).toHaveLength(PRECOMPILE_STAGES.length);
    expect(renderer.precompiledStages).toBe(PRECOMPILE_STAGES.length);
    const [, rings, cached] = stages;
    expect(rings!.flatMap((d) => d.visible)).toEqual(expect.arrayContaining(['selection', 'marquee']));
    expect(cached!.some((d) => d.target === 'texture')).toBe(true);
    expect(cached!.some((d) => d.target === 'off-canvas' && d.visible.includes('cached-view'))).toBe(true);
    expect(stages.flat().some((d) => d.target === 'screen')).toBe(false);
    expect(stages.flat().every((d) => !d.mapShown)).toBe(true);
    expect(renderer.stage.children).toEqual([map]);
    expect(map.visible).toBe(true);
  });
});
