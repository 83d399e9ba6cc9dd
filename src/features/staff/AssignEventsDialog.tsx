import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, ProgressBar } from '@blueprintjs/core';
import { useState } from 'react';
import { useGetEventDropdownQuery } from '../../api/eventsApi';
import { useAssignEventsMutation } from '../../api/staffApi';
import type { StaffUser } from '../../contracts/staff';
import { eventName } from '../../ui/EventNameCell';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { RetryPanel } from '../../ui/RetryPanel';

/**
 * 'Assign to event' (002 §2): the scanner's promoter's events not assigned yet; the chosen ones are connected one
 * at a time (GET/POST api/users/{id}/events), the progress shown as 'n of total'; a failure says 'Error assign events'.
 */
export function AssignEventsDialog({ scanner, assigned, onClose }: { scanner: StaffUser; assigned: Set<number>; onClose: () => void }) {
  const events = useGetEventDropdownQuery({ promoter_id: scanner.promoter.id, entity_type: 'ordinary' });
  const [assign] = useAssignEventsMutation();
  const [chosen, setChosen] = useState<number[]>([]);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const running = progress !== null && progress.done < progress.total && !failed;
  const open = (events.data?.data ?? []).filter((e) => !assigned.has(e.id));

  const run = async () => {
    setFailed(false);
    setProgress({ done: 0, total: chosen.length });
    for (const [i, id] of chosen.entries()) {
      const res = await assign({ userId: scanner.id, events: [id] });
      if ('error' in res) return setFailed(true);
      setProgress({ done: i + 1, total: chosen.length });
    }
  };
  const finished = progress !== null && progress.done === progress.total && !failed;

  return (
    <Dialog isOpen onClose={running ? undefined : onClose} title="Assign to event" className="assign-events-dialog">
      <DialogBody>
        {events.isLoading ? <LoadingSpinner label="Loading events" /> : !events.data ? <RetryPanel onRetry={events.refetch} /> : open.length === 0 && !progress ? (
          <p>Every event of {scanner.promoter.name} is already assigned.</p>
        ) : (
          <fieldset className="assign-events-list" disabled={progress !== null && !failed}>
            <legend className="sr-only">Events</legend>
            {open.map((e) => (
              <Checkbox key={e.id} label={eventName(e)} checked={chosen.includes(e.id)}
                onChange={(ev) => {
                  // Read now: the event's currentTarget is gone by the time the state updater runs.
                  const checked = ev.currentTarget.checked;
                  setChosen((c) => (checked ? [...c, e.id] : c.filter((x) => x !== e.id)));
                }} />
            ))}
          </fieldset>
        )}
        {progress ? (
          <div role="status" className="assign-progress">
            <p>{progress.done} of {progress.total}</p>
            <ProgressBar value={progress.total ? progress.done / progress.total : 1} stripes={running} intent={failed ? 'danger' : finished ? 'success' : 'primary'} aria-label="Events assigned" />
          </div>
        ) : null}
        {failed ? <Callout intent="danger" role="alert">Error assign events</Callout> : null}
      </DialogBody>
      <DialogFooter actions={finished ? <Button intent="primary" text="Done" onClick={onClose} /> : (
        <>
          <Button text="Cancel" onClick={onClose} disabled={running} />
          <Button intent="primary" text="Assign" onClick={() => void run()} disabled={chosen.length === 0 || running} loading={running} />
        </>
      )} />
    </Dialog>
  );
}
