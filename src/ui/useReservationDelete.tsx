import { useState, type ReactElement } from 'react';
import { errorMessage } from '../api/errorMessage';
import { useDeleteReservationMutation } from '../api/reservationsApi';
import type { ReservationSummary } from '../contracts/reservations';
import { ConfirmDialog } from './ConfirmDialog';
import { notifyDanger, notifySuccess } from './notify';

/**
 * Deleting a reservation from an event's lists (reservations and box office, 001 §2): `ask(r)` opens the confirmation,
 * which names the reservation (`describe`); the server's answer, or the spec's refusal, shows as a toast.
 */
export function useReservationDelete(eventId: number, describe: (r: ReservationSummary) => string): { ask: (r: ReservationSummary) => void; dialog: ReactElement } {
  const [deleteReservation, deleting] = useDeleteReservationMutation();
  const [toDelete, setToDelete] = useState<ReservationSummary | null>(null);
  const confirm = async () => {
    if (!toDelete) return;
    const res = await deleteReservation({ id: toDelete.id, eventId });
    setToDelete(null);
    if ('error' in res) notifyDanger(errorMessage(res.error, "Can't delete reservation. Check if tickets are still assigned."));
    else notifySuccess(res.data.message);
  };
  const dialog = (
    <ConfirmDialog
      isOpen={toDelete !== null}
      title="Delete reservation"
      confirmText="Delete reservation"
      intent="danger"
      loading={deleting.isLoading}
      onConfirm={confirm}
      onClose={() => setToDelete(null)}
    >
      Delete {toDelete ? describe(toDelete) : ''}? Its seats become free.
    </ConfirmDialog>
  );
  return { ask: setToDelete, dialog };
}
