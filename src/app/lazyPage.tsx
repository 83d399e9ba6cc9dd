import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactElement } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LoadingSpinner } from '../ui/LoadingSpinner';

/**
 * A route's page loaded when it is first opened, so its code (a map's PixiJS, the reports' charts) stays out of the
 * console's first bundle: the module's named export, with the spinner while it loads. Call it once per page, at
 * module level (each call makes a new lazy component).
 */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): ReactElement {
  const Lazy = lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
  return (
    <Suspense fallback={<LoadingSpinner />}>
      <Lazy />
    </Suspense>
  );
}

/** What a route made by `routePage` carries in its `handle`: the start of its page's download. */
export interface PageHandle {
  preload: () => Promise<unknown>;
}

/**
 * A route whose page is its own chunk, so the console's first bundle holds no page: the element renders the page
 * once its module has run, with the spinner in the page's place until then (React's lazy, as `lazyPage`; the
 * navigation itself is not held up, so a page never keeps the screen while the next one loads). The download starts
 * as soon as the route is known: on a navigation, the page renders at once; on the console's first load the router
 * calls `handle.preload` of the matched routes (createRouter) before the profile's answer lets the shell render
 * them. `render` makes the page's element from its module: `(m) => <m.EventsListPage />`.
 */
export function routePage<M>(load: () => Promise<M>, render: (module: M) => ReactElement): Pick<RouteObject, 'element' | 'handle'> {
  let loading: Promise<M> | undefined;
  const preload = () => (loading ??= load());
  const handle: PageHandle = { preload };
  return { element: revealedPage(preload, render), handle };
}

/**
 * A lazily loaded page (React's lazy inside Suspense, the spinner in its place) shown as soon as its module has run.
 * React reveals a suspended boundary's content in a retry, and holds a retry's commit until 300 ms after the last
 * fallback shown or hidden anywhere (react-dom's FALLBACK_THROTTLE_MS): on the console's first load the page's code
 * typically arrives within that window (the profile's and the event's spinners have just gone), and a reload of a
 * map's URL mounted the map ~150-300 ms after everything it needed was in (docs/venue-map-journal.md "The reload in 0.6 s").
 * So when the page had to be waited for, its module's arrival also renders the boundary again in an ordinary update,
 * which commits at once. A navigation to a page whose code is in (a click after the preload) renders as before.
 */
export function revealedPage<M>(load: () => Promise<M>, render: (module: M) => ReactElement): ReactElement {
  let arrived = false;
  let loading: Promise<unknown> | undefined;
  const Lazy = lazy(() => {
    const page = load().then((m) => {
      arrived = true;
      return { default: () => render(m) };
    });
    loading = page;
    return page;
  });
  function RevealedPage() {
    const [, reveal] = useState(arrived);
    useEffect(() => {
      // After the lazy's own callback (registered in the render), so the update finds the module resolved.
      if (!arrived) void loading?.then(() => reveal(true), () => {});
    }, []);
    // Elements made here, so an update of this component renders the boundary again.
    return (
      <Suspense fallback={<LoadingSpinner />}>
        <Lazy />
      </Suspense>
    );
  }
  return <RevealedPage />;
}
