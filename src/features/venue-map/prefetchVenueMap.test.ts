import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// What the prefetch starts, stood in for: the worker's load answers at once, from the model cache (a reload of a
// stored map); the page's code and the renderer's preparation are only recorded.
vi.mock('../../../workers/venue-map/venueMapClient', () => ({
  WARM_KEEP_MS: 120_000,
  venueMapLoader: {
    prefetch: vi.fn((_source: unknown, onResponse: (cached: boolean) => void) => onResponse(true)),
    warm: vi.fn((_source: unknown, onModel: () => void) => onModel()),
  },
}));
vi.mock('./eventMapSource', () => ({ eventMapSource: () => 'map-source', mapStoredHint: () => true, noteMapStored: () => {} }));
vi.mock('../../api/eventsApi', () => ({ eventsApi: { util: { prefetch: () => ({ type: 'event' }) } } }));
vi.mock('../../api/seatLeasesApi', () => ({ seatLeasesApi: { util: { prefetch: () => ({ type: 'leases' }) } } }));
vi.mock('../../api/venueMapApi', () => ({ venueMapApi: { util: { prefetch: () => ({ type: 'sections' }) } } }));
vi.mock('./VenueMapPage', () => ({}));
const prepareRendererAhead = vi.fn();
vi.mock('../../seatmap/rendererAhead', () => ({ prepareRendererAhead }));

const { prefetchVenueMap, warmVenueMap } = await import('./prefetchVenueMap');
const { noteMapPageShown } = await import('./mapPageShown');

/** Lets the dynamic imports' promises settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the renderer readied ahead for a map page', () => {
  let idle: (() => void)[];
  beforeEach(() => {
    idle = [];
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
    prepareRendererAhead.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('when a reload reads the stored map, then the renderer is prepared in an idle moment after the page\'s code, not at once', async () => {
    prefetchVenueMap(2, 'token', vi.fn());
    await settle();
    expect(prepareRendererAhead).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    idle[0]!();
    expect(prepareRendererAhead).toHaveBeenCalledTimes(1);
  });

  it('when the page has mounted before that idle moment, then no renderer is prepared (its engine makes its own)', async () => {
    prefetchVenueMap(2, 'token', vi.fn());
    await settle();
    const hide = noteMapPageShown();
    try {
      idle.forEach((fn) => fn());
    } finally {
      hide();
    }
    expect(prepareRendererAhead).not.toHaveBeenCalled();
  });

  it('when the event\'s pages warm the map, then the renderer is prepared as soon as the page\'s code has run', async () => {
    warmVenueMap(2, 'token', vi.fn());
    await settle();
    expect(prepareRendererAhead).toHaveBeenCalledTimes(1);
    expect(idle).toHaveLength(0);
  });
});
