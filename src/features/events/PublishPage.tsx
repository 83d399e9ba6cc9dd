import { Button, Callout, Card, Checkbox } from '@blueprintjs/core';
import { useState } from 'react';
import { Link, useOutletContext } from 'react-router-dom';
import { useGetProfileQuery } from '../../api/authApi';
import { errorMessage } from '../../api/errorMessage';
import { useSetEventStatusMutation } from '../../api/eventsApi';
import type { EventDetail } from '../../contracts/events';
import { eventChecklist } from '../../domain/eventChecklist';
import { permissionsFor } from '../../domain/roles';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { ScannerConnection } from './ScannerConnection';
import { formatCount } from '../../domain/money';

/** /events/{id}/publish (000 §4): publish with the two social-page choices, or unpublish an active event. */
export function PublishPage() {
  const event = useOutletContext<EventDetail>();
  const role = useGetProfileQuery().data?.type ?? 'promoter';
  const [setStatus, status] = useSetEventStatusMutation();
  const [toPromoterPage, setToPromoterPage] = useState(true);
  const [toDefaultPage, setToDefaultPage] = useState(true);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [published, setPublished] = useState(false);
  const [confirmUnpublish, setConfirmUnpublish] = useState(false);
  const { canPublish } = eventChecklist({
    ticketTypesCount: event.ticket_types_count,
    seats: { count: event.pricing.seats, has_default_price: event.pricing.priced_with_default },
    status: event.status,
    restrictions_confirmed: event.restrictions_confirmed,
  });

  const publish = async () => {
    setRefusal(null);
    const res = await setStatus({ id: event.id, status: 'active', publish_facebook_promoter: toPromoterPage, publish_facebook_default: toDefaultPage });
    if ('error' in res) {
      setRefusal(errorMessage(res.error));
      notifyDanger(errorMessage(res.error));
      return;
    }
    setPublished(true);
    notifySuccess('Event published');
  };
  const unpublish = async () => {
    const res = await setStatus({ id: event.id, status: 'draft' });
    setConfirmUnpublish(false);
    setPublished(false);
    if ('error' in res) notifyDanger(errorMessage(res.error));
    else notifySuccess('Event unpublished');
  };

  return (
    <>
      <h1 className="page-title">Publish</h1>
      <Card className="form-card">
        {event.status === 'active' ? (
          <>
            <Callout intent="success" icon="tick-circle">The event is published.</Callout>
            {published ? <ScannerConnection eventId={event.id} promoterId={event.promoter.id} /> : null}
            {permissionsFor(role).unpublishEvents ? (
              <div className="form-actions">
                <Button icon="undo" text="Unpublish" onClick={() => setConfirmUnpublish(true)} />
              </div>
            ) : null}
          </>
        ) : (
          <>
            {!canPublish ? (
              <Callout intent="warning" icon="warning-sign" className="form-callout">
                Every seat needs a default price before the event can be published ({formatCount(event.pricing.priced_with_default)} of{' '}
                {formatCount(event.pricing.seats)} seats have one). <Link className="inline-link" to={`/events/${event.id}/venue-map`}>Price the venue map</Link>
              </Callout>
            ) : null}
            <Checkbox label="Publish on the promoter's social page" checked={toPromoterPage} onChange={(e) => setToPromoterPage((e.target as HTMLInputElement).checked)} />
            <Checkbox label="Publish on the default page" checked={toDefaultPage} onChange={(e) => setToDefaultPage((e.target as HTMLInputElement).checked)} />
            {refusal ? <Callout intent="danger" role="alert" className="form-callout">{refusal}</Callout> : null}
            <div className="form-actions">
              <Button intent="primary" icon="globe-network" text="Publish" disabled={!canPublish} loading={status.isLoading} onClick={publish} />
            </div>
          </>
        )}
      </Card>
      <ConfirmDialog isOpen={confirmUnpublish} title="Unpublish event" confirmText="Unpublish" loading={status.isLoading} onConfirm={unpublish} onClose={() => setConfirmUnpublish(false)}>
        <p>The event goes back to draft and leaves the sale until it is published again.</p>
      </ConfirmDialog>
    </>
  );
}
