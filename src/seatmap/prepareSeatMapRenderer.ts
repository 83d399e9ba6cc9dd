/**
 * Starts the map's renderer before the venue is there: creates the WebGL application in `container` and
 * compiles the shaders the first frame draws with (a software rasteriser spends 50-150 ms a program on first draw;
 * the engine compiles the others after its first frame: SeatMapScene.precompileNext).
 * Run it while the worker parses the SVG, then pass the promise as the engine's `renderer` option (or let
 * SeatMap do it): the first frame then costs only building the layers and drawing them.
 * A prepared renderer that is never handed to an engine must be destroyed by whoever prepared it.
 */
import { warmLabelFonts } from './LabelLayer';
import { seatsMayShowInWholeVenue } from './levelOfDetail';
import { SeatMapRenderer, type RendererOptions } from './SeatMapRenderer';
import { SeatMapScene } from './SeatMapScene';

export interface PrepareOptions extends RendererOptions {
  /**
   * The venue's seat count when the caller knows it and the map opens at the whole venue: a venue of more seats than
   * the level of detail's budget draws no seats in that first frame, so their pipeline is built after it (by the
   * engine's warm-up) instead of beside the venue's parse. Unknown (or a map opened zoomed in): built now, as the
   * first frame may draw seats.
   */
  seats?: number;
}

export async function prepareSeatMapRenderer(container: HTMLElement, options: PrepareOptions = {}): Promise<SeatMapRenderer> {
  performance.mark('seatmap:prepare-start');
  const { seats: _readLater, ...rendererOptions } = options;
  const renderer = await SeatMapRenderer.create(container, rendererOptions);
  // Let the browser breathe between creating the context and compiling (two tasks, not one long one).
  await new Promise((resolve) => setTimeout(resolve, 0));
  if (!renderer.isDestroyed) {
    // Read now, not at the start: a caller that learnt the venue's size while the context was made has told it
    // (rendererAhead.ts: the map page's size-aware call after the navigation's blind one).
    const firstFrameSeats = options.seats === undefined || seatsMayShowInWholeVenue(options.seats);
    // Marked for the probes and the browser flows: the seats' pipeline is left to the engine's warm-up.
    if (!firstFrameSeats) performance.mark('seatmap:seats-after-first-frame');
    SeatMapScene.precompileNext(renderer, firstFrameSeats);
    renderer.render();
    // The GPU compiles a program's pipeline when it first draws with it: start that now, while the venue is parsed.
    renderer.flush();
  }
  performance.mark('seatmap:precompiled');
  // The labels' fonts next, in a task of their own (the renderer is not held for them): the first frame then draws its
  // labels without resolving them, on the open's path after the parse.
  setTimeout(() => {
    if (!renderer.isDestroyed) warmLabelFonts();
  }, 0);
  return renderer;
}
