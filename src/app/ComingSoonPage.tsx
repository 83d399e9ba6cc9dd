import { NonIdealState } from '@blueprintjs/core';

/** Menu areas that are not built yet land here: an honest page of the shell, never a fake screen. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <div className="page">
      <h1 className="page-title">{title}</h1>
      <NonIdealState icon="build" title="Coming soon" description={`The ${title} area is not built yet.`} />
    </div>
  );
}
