/**
 * Mounts a SeatMapEngine on a container for as long as the model and index stay the same; a new model
 * or index means a new engine. The engine lives outside React: this hook only creates, destroys and
 * hands it out once it is ready. Options are read when the engine is created (later changes go through
 * the engine's commands).
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { VenueModel } from '../../workers/venue-map/venueModel';
import type { SeatMapEngineOptions } from './engineOptions';
import { SeatMapEngine } from './SeatMapEngine';
import type { SeatMapIndex } from './types';

export type EngineCreateOptions = Omit<SeatMapEngineOptions, 'model' | 'index'>;

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

  useEffect(() => {
    const el = containerRef.current;
    if (!el || !model || !index) return;
    const e = new SeatMapEngine(el, { ...optionsRef.current, model, index });
    let mounted = true;
    setError(null);
    e.ready.then(
      () => {
        if (mounted) setEngine(e);
      },
      (err: unknown) => {
        if (mounted) setError(err instanceof Error ? err : new Error(String(err)));
      },
    );
    return () => {
      mounted = false;
      e.destroy();
      setEngine(null);
    };
  }, [containerRef, model, index]);

  return { engine, error };
}
