import { Button, Card } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { formatVatOption } from '../../domain/vat';
import { useNavigate, useOutletContext } from 'react-router-dom';
import type { EventDetail } from '../../contracts/events';
import { capitalise, showDateTime, translation } from './eventText';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children === '' || children === null || children === undefined ? '–' : children}</dd>
    </>
  );
}

const link = (url: string) => (url ? <a href={url} target="_blank" rel="noreferrer noopener">{url}</a> : '');

/** /events/{id}/basic-information (000 §2): every field of the form, read-only, and Edit. */
export function BasicInformationPage() {
  const event = useOutletContext<EventDetail>();
  const navigate = useNavigate();
  const en = translation(event, 'en');
  const sv = translation(event, 'sv');
  return (
    <>
      <div className="page-head">
        <h1 className="page-title">Event Information</h1>
        <Button icon="edit" intent="primary" text="Edit" onClick={() => navigate(`/events/${event.id}/edit`)} />
      </div>
      <Card>
        <dl className="details">
          <Row label="Kind">{event.membership ? 'Membership card' : 'Event'}{event.entity_type === 'seasonal' ? ' (seasonal)' : ''}</Row>
          <Row label="Title (en)">{en.name}</Row>
          <Row label="Title (sv)">{sv.name}</Row>
          <Row label="Performer name (en)">{en.performer_name}</Row>
          <Row label="Performer name (sv)">{sv.performer_name}</Row>
          <Row label="Type">{capitalise(event.type)}</Row>
          <Row label="Genre">{event.genre?.name}</Row>
          <Row label="Promoter">{event.promoter.name}</Row>
          <Row label="Start">{showDateTime(event.start_date)}</Row>
          <Row label="End">{showDateTime(event.end_date)}</Row>
          <Row label="Tickets release">{showDateTime(event.tickets_release_date)}</Row>
          <Row label="Description (en)">{en.description ? <span className="pre-line">{en.description}</span> : ''}</Row>
          <Row label="Description (sv)">{sv.description ? <span className="pre-line">{sv.description}</span> : ''}</Row>
          <Row label="VAT">{formatVatOption(event.ticket_vat)}</Row>
          <Row label="Venue">{event.venue.name}</Row>
          <Row label="Map">{event.map.name}</Row>
          {event.membership ? null : <Row label="Venue opens">{showDateTime(event.venue_open_date)}</Row>}
          <Row label="Media">{event.medium ? <img className="details-image" src={event.medium.url} alt={`Image of ${en.name || 'the event'}`} /> : ''}</Row>
          <Row label="Spotify">{link(event.social_links.spotify)}</Row>
          <Row label="Facebook">{link(event.social_links.facebook)}</Row>
          <Row label="Instagram">{link(event.social_links.instagram)}</Row>
          <Row label="Notes for promoter">{event.notes ? <span className="pre-line">{event.notes}</span> : ''}</Row>
        </dl>
      </Card>
    </>
  );
}
