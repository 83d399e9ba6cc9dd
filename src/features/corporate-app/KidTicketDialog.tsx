import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup } from '@blueprintjs/core';
import { NumberInput } from '../../ui/NumberInput';
import { useState } from 'react';
import { useAssignTicketsMutation } from '../../api/corporatesApi';
import { errorMessage } from '../../api/errorMessage';
import type { TicketItem } from '../../contracts/corporates';
import { useGetOutboxSetupQuery } from '../../api/outboxApi';
import { ticketAssignedNote } from '../../domain/outboxTruth';
import { notifyNote } from '../../ui/notify';
import { kidPlaces, noKidPlacesText } from './kidPlaces';
import { placeLabel } from './placeLabel';

/**
 * Kids' tickets for a person who holds a ticket (001 §4, §5): free tickets of the reservation go to the same person
 * marked as a child's. Standing: 1 to N places of the same section; seated: at least one seat. Only offered when the
 * event allows kids, the ticket is sent and not itself a child's, and free tickets remain (CorporateReservationPage).
 */
export function KidTicketDialog({ reservationId, ticket, free, onClose }: { reservationId: number; ticket: TicketItem; free: TicketItem[]; onClose: () => void }) {
  const standing = ticket.general_admission;
  const places = kidPlaces(ticket, free);
  const [count, setCount] = useState(1);
  const setup = useGetOutboxSetupQuery();
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [assign, sending] = useAssignTicketsMutation();
  const chosen = standing ? places.slice(0, Math.min(Math.max(count, 1), places.length)) : places.filter((t) => picked.has(t.id));

  const add = async () => {
    if (!ticket.user || chosen.length === 0) return;
    setError(null);
    const res = await assign({ id: reservationId, body: { items: chosen.map((t) => ({ id: t.id, user: { id: ticket.user!.id }, is_child: true })) } });
    if ('error' in res) {
      setError(errorMessage(res.error, "Error assing kids' tickets"));
      return;
    }
    notifyNote(ticketAssignedNote(`${chosen.length} kid's ticket(s)`, ticket.user.name || ticket.user.phone, setup.data?.sms));
    onClose();
  };

  return (
    <Dialog isOpen onClose={onClose} title="Add kids' tickets">
      <DialogBody>
        <p>For {ticket.user?.name || ticket.user?.phone}, with {placeLabel(ticket)}.</p>
        {places.length === 0 ? <Callout intent="warning">{noKidPlacesText(standing)}</Callout> : null}
        {standing && places.length > 0 ? (
          <FormGroup label={`Places (1 to ${places.length})`} labelFor="kid-places">
            <NumberInput id="kid-places" min={1} max={places.length} decimals={0} value={count} onValueChange={setCount} />
          </FormGroup>
        ) : null}
        {!standing ? places.map((t) => (
          <Checkbox
            key={t.id} label={placeLabel(t)} checked={picked.has(t.id)}
            onChange={() => setPicked((prev) => {
              const next = new Set(prev);
              if (next.has(t.id)) next.delete(t.id);
              else next.add(t.id);
              return next;
            })}
          />
        )) : null}
        {error ? <Callout intent="danger" role="alert">{error}</Callout> : null}
      </DialogBody>
      <DialogFooter actions={[
        <Button key="cancel" text="Cancel" onClick={onClose} />,
        <Button key="add" intent="primary" text="Add kids' tickets" loading={sending.isLoading} disabled={chosen.length === 0} onClick={add} />,
      ]} />
    </Dialog>
  );
}
