/** How many map pages are mounted (noteMapPageShown). */
let shown = 0;

/**
 * The map page is on screen until the returned function is called (its mount effect): what readies the page ahead
 * (prefetchVenueMap) leaves the renderer to a page that is already there.
 */
export function noteMapPageShown(): () => void {
  shown++;
  return () => void shown--;
}

/** Whether a map page is mounted now. */
export const mapPageShown = (): boolean => shown > 0;
