import { NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { useRouteError } from 'react-router-dom';
import { RetryPanel } from '../ui/RetryPanel';
import { isStaleChunkError, reloadForStaleChunk, STALE_BUILD_TEXT } from './staleBuild';

/**
 * A render error anywhere in the console: the shared retry block instead of a blank page; Retry reloads the page.
 * A page whose code is gone since a deploy reloads once by itself, saying so (staleBuild.ts).
 */
export function RouteError() {
  const error = useRouteError() as Error | undefined;
  const [reloading] = useState(() => isStaleChunkError(error) && reloadForStaleChunk());
  if (reloading) return <NonIdealState icon="refresh" title={STALE_BUILD_TEXT} />;
  return <RetryPanel onRetry={() => window.location.reload()} detail={error?.message} />;
}
