import { NonIdealState } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router-dom';
import { RetryPanel } from '../ui/RetryPanel';
import { isStaleChunkError, STALE_BUILD_TEXT, staleReload } from './staleBuild';

/**
 * A render error anywhere in the console: the shared retry block instead of a blank page; Retry reloads the page.
 * A page whose code is gone since a deploy reloads once by itself, saying so (staleBuild.ts).
 */
export function RouteError() {
  const error = useRouteError() as Error | undefined;
  // Decided once per mount, without writing: a render React discards (it retries a failed render) must not use up
  // the one reload; the mark is written just before the reload, once the panel is on screen.
  const [reloading] = useState(() => isStaleChunkError(error) && staleReload.due());
  useEffect(() => {
    if (reloading) staleReload.run();
  }, [reloading]);
  if (reloading) return <NonIdealState icon="refresh" title={STALE_BUILD_TEXT} />;
  return <RetryPanel onRetry={() => window.location.reload()} detail={error?.message} />;
}
