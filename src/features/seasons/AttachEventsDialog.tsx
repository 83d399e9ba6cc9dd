import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, HTMLTable } from '@blueprintjs/core';
import { useState } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { useGetEventsQuery } from '../../api/eventsApi';
import { useAttachEventsMutation } from '../../api/seasonsApi';
import type { EventDetail } from '../../contracts/events';
import { ATTACH_WARNING } from '../../contracts/seasons';
import { formatSeasonListDate, parseApiDate } from '../../domain/dates';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { eventName } from '../../ui/EventNameCell';

/** Attach in two steps (000 §2): the warning, then the promoter's ordinary events that are in no season. */
export function AttachEventsDialog({ season, onClose }: { season: EventDetail; onClose: () => void }) {
  const [step, setStep] = useState<'warning' | 'choose'>('warning');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const candidates = useGetEventsQuery({ entity_type: 'ordinary', in_season: 0, promoter_id: season.promoter.id, per_page: 100 }, { skip: step !== 'choose' });
  const [attach, attaching] = useAttachEventsMutation();
  const events = candidates.data?.collection ?? [];
  const all = events.length > 0 && events.every((e) => selected.has(e.id));
  const toggle = (id: number) => setSelected((s) => {
    const next = new Set(s);
    if (!next.delete(id)) next.add(id);
    return next;
  });

  const submit = async () => {
    setProblem(null);
    const res = await attach({ seasonId: season.id, events: [...selected] });
    if ('error' in res) {
      setProblem(errorMessage(res.error));
      notifyDanger(errorMessage(res.error));
      return;
    }
    notifySuccess(res.data.message);
    onClose();
  };

  if (step === 'warning') {
    return (
      <Dialog isOpen onClose={onClose} title="Attach Child Events">
        <DialogBody><Callout intent="warning" icon="warning-sign">{ATTACH_WARNING}</Callout></DialogBody>
        <DialogFooter actions={<><Button text="Cancel" onClick={onClose} /><Button intent="primary" text="Continue" onClick={() => setStep('choose')} /></>} />
      </Dialog>
    );
  }
  return (
    <Dialog isOpen onClose={onClose} title="Attach events to the seasonal event" className="attach-dialog">
      <DialogBody>
        {candidates.isLoading ? (
          <LoadingSpinner />
        ) : events.length === 0 ? (
          <EmptyState text="There is no events" />
        ) : (
          <HTMLTable compact className="attach-table" aria-label="Events to attach">
            <thead>
              <tr>
                <th><Checkbox checked={all} indeterminate={!all && selected.size > 0} aria-label="Select all" onChange={() => setSelected(all ? new Set() : new Set(events.map((e) => e.id)))} /></th>
                <th scope="col">Name</th>
                <th scope="col">Start Date</th>
              </tr>
            </thead>
            <tbody>
              {events.map((e) => {
                const start = parseApiDate(e.start_date);
                return (
                  <tr key={e.id}>
                    <td><Checkbox checked={selected.has(e.id)} aria-label={`Select ${eventName(e)}`} onChange={() => toggle(e.id)} /></td>
                    <td>{eventName(e)}</td>
                    <td>{start ? formatSeasonListDate(start) : '–'}</td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        )}
        {problem ? <Callout intent="danger" role="alert" className="form-callout">{problem}</Callout> : null}
      </DialogBody>
      <DialogFooter actions={<><Button text="Cancel" onClick={onClose} /><Button intent="primary" text="Attach" disabled={selected.size === 0} loading={attaching.isLoading} onClick={submit} /></>} />
    </Dialog>
  );
}
