import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, HTMLTable } from '@blueprintjs/core';
import { useState } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { useAttachEventsMutation, useGetAttachCandidatesQuery } from '../../api/seasonsApi';
import type { EventDetail } from '../../contracts/events';
import { ATTACH_WARNING } from '../../contracts/seasons';
import { formatSeasonListDate, parseApiDate } from '../../domain/dates';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifySuccess } from '../../ui/notify';

/**
 * Attach in two steps (000 §2): the warning, then the promoter's ordinary events that are in no season. Only those
 * the server would attach (same map and ticket types, priced) can be chosen; the others are listed below with why.
 * A refusal (the data changed meanwhile) shows once, whole, in the modal.
 */
export function AttachEventsDialog({ season, onClose }: { season: EventDetail; onClose: () => void }) {
  const [step, setStep] = useState<'warning' | 'choose'>('warning');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const candidates = useGetAttachCandidatesQuery(season.id, { skip: step !== 'choose', refetchOnMountOrArgChange: true });
  const [attach, attaching] = useAttachEventsMutation();
  const listed = candidates.data?.events ?? [];
  const events = listed.filter((e) => e.problem === null);
  const missing = listed.filter((e) => e.problem !== null);
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
        ) : candidates.isError ? (
          <Callout intent="danger" role="alert" className="form-callout">{errorMessage(candidates.error)}</Callout>
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
                    <td><Checkbox checked={selected.has(e.id)} aria-label={`Select ${e.name}`} onChange={() => toggle(e.id)} /></td>
                    <td>{e.name}</td>
                    <td>{start ? formatSeasonListDate(start) : '–'}</td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        )}
        {missing.length > 0 ? (
          <section className="attach-missing" aria-labelledby="attach-missing-title">
            <h4 id="attach-missing-title" className="bp6-heading">Not offered ({missing.length})</h4>
            <ul aria-label="Events not offered">
              {missing.map((e) => <li key={e.id}>{e.problem}</li>)}
            </ul>
          </section>
        ) : null}
        {problem ? <Callout intent="danger" role="alert" className="form-callout">{problem}</Callout> : null}
      </DialogBody>
      <DialogFooter actions={<><Button text="Cancel" onClick={onClose} /><Button intent="primary" text="Attach" disabled={selected.size === 0} loading={attaching.isLoading} onClick={submit} /></>} />
    </Dialog>
  );
}
