/**
 * Starts the map's renderer before the venue is there: creates the WebGL application in `container` and
 * compiles the shaders the first frame draws with (a software rasteriser spends 50-150 ms a program on first draw;
 * the engine compiles the others after its first frame: SeatMapScene.precompileNext).
 * Run it while the worker parses the SVG, then pass the promise as the engine's `renderer` option (or let
 * SeatMap do it): the first frame then costs only building the layers and drawing them.
 * A prepared renderer that is never handed to an engine must be destroyed by whoever prepared it.
 */
import { SeatMapRenderer, type RendererOptions } from './SeatMapRenderer';
import { SeatMapScene } from './SeatMapScene';

export async function prepareSeatMapRenderer(container: HTMLElement, options: RendererOptions = {}): Promise<SeatMapRenderer> {
  performance.mark('seatmap:prepare-start');
  const renderer = await SeatMapRenderer.create(container, options);
  // Let the browser breathe between creating the context and compiling (two tasks, not one long one).
  await new Promise((resolve) => setTimeout(resolve, 0));
  if (!renderer.isDestroyed) {
    SeatMapScene.precompileNext(renderer);
    renderer.render();
    // The GPU compiles a program's pipeline when it first draws with it: start that now, while the venue is parsed.
    renderer.flush();
  }
  performance.mark('seatmap:precompiled');
  return renderer;
}
