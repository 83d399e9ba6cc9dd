import { NonIdealState } from '@blueprintjs/core';

/** The optional event screens that belong to other areas (reservations, shop, links, …) until those areas land. */
export function EventComingSoonPanel({ title }: { title: string }) {
  return (
    <>
      <h1 className="page-title">{title}</h1>
      <NonIdealState icon="build" title="Coming soon" description={`${title} of an event is not built yet.`} />
    </>
  );
}
