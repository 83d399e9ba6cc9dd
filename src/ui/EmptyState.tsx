import { NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** The "No data" state of tables and lists; `text` gives the spec's own empty text where it has one. */
export function EmptyState({ text = 'No data', action }: { text?: string; action?: ReactNode }) {
  return <NonIdealState icon="inbox" title={text} action={action as never} className="empty-state" />;
}
