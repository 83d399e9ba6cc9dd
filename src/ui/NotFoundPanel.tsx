import { NonIdealState } from '@blueprintjs/core';

/**
 * What a page shows when the thing in its address is not there for this user (the API answered 404: deleted, never
 * existed, or another promoter's). Retrying cannot help, so unlike RetryPanel it offers no Retry and does not say
 * "try again later".
 */
export function NotFoundPanel({ title }: { title: string }) {
  return <NonIdealState icon="search" title={title} description="It does not exist, or it is not yours to see." />;
}
