import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
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
  const Lazy = lazy(() => preload().then((m) => ({ default: () => render(m) })));
  const handle: PageHandle = { preload };
  return {
    element: (
      <Suspense fallback={<LoadingSpinner />}>
        <Lazy />
      </Suspense>
    ),
    handle,
  };
}
