import { useEffect, useState } from 'react';

/**
 * False until `due` has been true through one painted frame, then true for good: what the map page renders only once
 * the map's element has been committed and the frame after it has begun (the side panel's pricing cards). The engine
 * starts in the commit that mounts the map and draws its first frame from there, so work rendered behind this no
 * longer runs before that frame (docs/venue-map-journal.md "The reload of the map's URL: the side panel's cards after the
 * map's first frame"). Nothing is waited for but a frame: a map that cannot start does not hold the cards back.
 */
export function useAfterFrame(due: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!due || shown) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A task after the next frame's start: the frame that shows the map goes out first.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setShown(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [due, shown]);
  return shown;
}
