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

/**
 * A route whose page is its own chunk, fetched by the router as soon as a navigation to it is known (React Router's
 * `lazy`: with the route's data, before anything renders), so the console's first bundle holds no page and a page
 * never shows a spinner for its own code (the previous page stays until the new one can render, as before the
 * split). `render` makes the page's element from its module: `(m) => <m.EventsListPage />`. On the console's first
 * load the page's frame (the shell, which starts the profile's request) renders at once and the spinner stands in
 * for the page until its chunk has run: without a fallback here the router would render nothing at all until then.
 */
export function routePage<M>(load: () => Promise<M>, render: (module: M) => ReactElement): Pick<RouteObject, 'lazy' | 'hydrateFallbackElement'> {
  return { lazy: async () => ({ element: render(await load()) }), hydrateFallbackElement: <LoadingSpinner /> };
}
