import { Button, Card, NonIdealState, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useOutletContext } from 'react-router-dom';
import { useGetTicketTypesQuery } from '../../api/eventsApi';
import type { EventDetail } from '../../contracts/events';
import type { TicketType } from '../../contracts/ticketTypes';
import { ticketTypeAgeRange } from '../../domain/ticketTypes';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { RetryPanel } from '../../ui/RetryPanel';
import { TicketTypesForm } from './TicketTypesForm';

export function ageRangeText(type: Pick<TicketType, 'kids' | 'age_from' | 'age_to'>): string {
  const { from, to } = ticketTypeAgeRange(type);
  if (from === null && to === null) return 'All ages';
  if (to === null) return `${from}+ years`;
  return `${from ?? 0} to ${to} years`;
}

/** /events/{id}/ticket-types (000 §2, §5): the card of the event's types, and the form to add or edit them. */
export function TicketTypesPage() {
  const event = useOutletContext<EventDetail>();
  const types = useGetTicketTypesQuery(event.id);
  const [editing, setEditing] = useState(false);
  if (types.isLoading) return <LoadingSpinner label="Loading ticket types" />;
  if (!types.data) return <RetryPanel onRetry={types.refetch} />;
  const list = types.data.collection;
  if (editing) {
    return (
      <>
        <h1 className="page-title">Ticket types</h1>
        <TicketTypesForm eventId={event.id} existing={list} onDone={() => setEditing(false)} />
      </>
    );
  }
  return (
    <>
      <h1 className="page-title">Ticket types</h1>
      <Card className="ticket-types-card">
        {list.length === 0 ? (
          <NonIdealState
            icon="tag"
            title="What type of ticket would you like to start with?"
            action={<Button intent="primary" icon="plus" text="Add Tickets Types" onClick={() => setEditing(true)} />}
          />
        ) : (
          <>
            <ul className="ticket-type-list" aria-label="Ticket types">
              {list.map((t) => (
                <li key={t.id}>
                  <strong>{t.name}</strong>
                  {t.default ? <Tag className="inline-tag" intent="primary" minimal>Default</Tag> : null}
                  {t.kids ? <Tag className="inline-tag" intent="success" minimal>Kids</Tag> : null}
                  <span className="age-range">{ageRangeText(t)}</span>
                </li>
              ))}
            </ul>
            <Button icon="edit" text="Edit" onClick={() => setEditing(true)} />
          </>
        )}
      </Card>
    </>
  );
}
