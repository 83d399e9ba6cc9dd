import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
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
