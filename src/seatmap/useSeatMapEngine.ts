/**
 * Mounts a SeatMapEngine on a container for as long as the model and index stay the same; a new model
 * or index means a new engine. The engine lives outside React: this hook only creates, destroys and
 * hands it out once it is ready. Options are read when the engine is created (later changes go through
 * the engine's commands). Mounted before the venue has arrived, it prepares the renderer (WebGL context
 * and shaders) meanwhile, so the first frame costs only the layers; mounted later, it takes the renderer the page
 * prepared ahead (rendererAhead.ts), if any.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { VenueModel } from '../../workers/venue-map/venueModel';
import type { SeatMapEngineOptions } from './engineOptions';
import { prepareSeatMapRenderer } from './prepareSeatMapRenderer';
import { takeRendererAhead } from './rendererAhead';
import { SeatMapEngine } from './SeatMapEngine';
import { exposeTestState } from './testState';
import type { SeatMapRenderer } from './SeatMapRenderer';
import type { SeatMapIndex } from './types';

export type EngineCreateOptions = Omit<SeatMapEngineOptions, 'model' | 'index' | 'renderer'>;

export function useSeatMapEngine(
  containerRef: RefObject<HTMLElement | null>,
  model: VenueModel | null,
  index: SeatMapIndex | null,
  options: EngineCreateOptions,
): { engine: SeatMapEngine | null; error: Error | null } {
  const [engine, setEngine] = useState<SeatMapEngine | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const ready = model !== null && index !== null;
  const readyAtMount = useRef(ready);
  const prepared = useRef<Promise<SeatMapRenderer> | null>(null);

  useEffect(() => {
    const el = containerRef.current;
    if (!el || readyAtMount.current) return;
    const { resolution, background } = optionsRef.current;
    const p = prepareSeatMapRenderer(el, { resolution, background });
    p.catch(() => undefined); // reported when an engine awaits it
    prepared.current = p;
    return () => {
      // Not handed to an engine: ours to destroy.
      if (prepared.current === p) {
        prepared.current = null;
        p.then((r) => r.destroy(), () => undefined);
      }
    };
  }, [containerRef]);

  useEffect(() => {
    const el = containerRef.current;
    if (!el || !model || !index) return;
    const renderer = prepared.current ?? takeRendererAhead() ?? undefined;
    prepared.current = null;
    const e = new SeatMapEngine(el, { ...optionsRef.current, model, index, renderer });
    let mounted = true;
    let hideTestState: (() => void) | null = null;
    setError(null);
    e.ready.then(
      () => {
        if (!mounted) return;
        // Test builds publish window.__seatMap once the first frame is drawn; the browser flows read it.
        if (typeof __EXPOSE_TEST_STATE__ !== 'undefined' && __EXPOSE_TEST_STATE__) hideTestState = exposeTestState(e, { drawnColors: true });
        setEngine(e);
      },
      (err: unknown) => {
        if (mounted) setError(err instanceof Error ? err : new Error(String(err)));
      },
    );
    return () => {
      mounted = false;
      hideTestState?.();
      e.destroy();
      setEngine(null);
    };
  }, [containerRef, model, index]);

  return { engine, error };
}
