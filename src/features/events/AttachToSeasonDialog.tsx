import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLSelect, FormGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useGetEventsQuery } from '../../api/eventsApi';
import { errorMessage } from '../../api/errorMessage';
import { useAttachEventsMutation } from '../../api/seasonsApi';
import type { EventSummary } from '../../contracts/events';
import { ATTACH_WARNING } from '../../contracts/seasons';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { eventName } from '../../ui/EventNameCell';

/** "Attach to season event" from the events list: choose one of the promoter's seasonal events, after the warning. */
export function AttachToSeasonDialog({ event, onClose }: { event: EventSummary; onClose: () => void }) {
  const seasons = useGetEventsQuery({ entity_type: 'seasonal', promoter_id: event.promoter.id, per_page: 100 });
  const [seasonId, setSeasonId] = useState<number | null>(null);
  const [attach, attaching] = useAttachEventsMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const options = seasons.data?.collection ?? [];
  const chosen = seasonId ?? options[0]?.id ?? null;

  const submit = async () => {
    if (chosen === null) return;
    const res = await attach({ seasonId: chosen, events: [event.id] });
    if ('error' in res) {
      setProblem(errorMessage(res.error));
      notifyDanger(errorMessage(res.error));
      return;
    }
    notifySuccess('Event is attached to seasonal event');
    onClose();
  };

  return (
    <Dialog isOpen onClose={onClose} title="Attach to season event">
      <DialogBody>
        <Callout intent="warning" icon="warning-sign">{ATTACH_WARNING}</Callout>
        {seasons.isLoading ? (
          <LoadingSpinner />
        ) : options.length === 0 ? (
          <p className="dialog-note">There are no seasonal events of {event.promoter.name} yet.</p>
        ) : (
          <FormGroup label="Seasonal event" labelFor="attach-season" className="dialog-note">
            <HTMLSelect id="attach-season" fill value={chosen ?? ''} onChange={(e) => setSeasonId(Number(e.target.value))}>
              {options.map((s) => <option key={s.id} value={s.id}>{eventName(s)}</option>)}
            </HTMLSelect>
          </FormGroup>
        )}
        {problem ? <Callout intent="danger" role="alert">{problem}</Callout> : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button intent="primary" text="Attach" disabled={chosen === null} loading={attaching.isLoading} onClick={submit} />
          </>
        }
      />
    </Dialog>
  );
}
