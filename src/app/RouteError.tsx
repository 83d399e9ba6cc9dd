import { useRouteError } from 'react-router-dom';
import { RetryPanel } from '../ui/RetryPanel';

/** A render error anywhere in the console: the shared retry block instead of a blank page. */
export function RouteError() {
  const error = useRouteError() as Error | undefined;
  return <RetryPanel onRetry={() => window.location.reload()} detail={error?.message} />;
}
