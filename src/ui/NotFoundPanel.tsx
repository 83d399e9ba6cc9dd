import { NonIdealState } from '@blueprintjs/core';
import { Link } from 'react-router-dom';

/** The list a missing item belongs to: its route and its name as a person says it ("promo codes"). */
export interface NotFoundBack {
  to: string;
  list: string;
}

/**
 * What a page shows when the thing in its address is not there for this user (the API answered 404: deleted, never
 * existed, or another promoter's). Retrying cannot help, so unlike RetryPanel it offers no Retry and does not say
 * "try again later"; it offers the way back to the list the item belongs to ("Back to promo codes"), for a person who
 * opened an old link and has nowhere else to go from here.
 */
export function NotFoundPanel({ title, back }: { title: string; back: NotFoundBack }) {
  return (
    <NonIdealState
      icon="search"
      title={title}
      description="It does not exist, or it is not yours to see."
      action={<Link className="not-found-back" to={back.to}>Back to {back.list}</Link>}
    />
  );
}
