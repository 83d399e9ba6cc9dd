import type { ReactNode } from 'react';
import type { EventSummary } from '../contracts/events';

/** The event's name, or a placeholder for an event saved without one (names are optional, 000 §5). */
export const eventName = (event: Pick<EventSummary, 'name' | 'id'>) => event.name || `Event ${event.id} (no name)`;

/** The first cell of the events and seasons lists: thumbnail, name, then whatever the list adds (tags, a description). */
export function EventNameCell({ event, children }: { event: Pick<EventSummary, 'name' | 'id' | 'thumbnail'>; children?: ReactNode }) {
  return (
    <span className="event-name-cell">
      {event.thumbnail ? <img className="event-thumb" src={event.thumbnail} alt="" width={60} height={40} loading="lazy" decoding="async" /> : <span className="event-thumb empty" />}
      <span>
        <strong>{eventName(event)}</strong>
        {children}
      </span>
    </span>
  );
}
