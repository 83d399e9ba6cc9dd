import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { failureNotice } from '../../domain/failureNotice';
import { useDeleteEventMutation, useSetEventStatusMutation } from '../../api/eventsApi';
import { errorMessage } from '../../api/errorMessage';
import type { EventSummary } from '../../contracts/events';
import type { RolePermissions } from '../../domain/roles';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { notifyDanger, notifySuccess } from '../../ui/notify';
import { RowMenu } from '../../ui/RowMenu';
import { AttachToSeasonDialog } from './AttachToSeasonDialog';
import { eventName } from '../../ui/EventNameCell';

type Open = 'unpublish' | 'delete' | 'attach' | null;

/** The events list's row menu (000 §2): View, Edit, Copy event, Attach to season event, Unpublish, Delete event. */
export function EventRowMenu({ event, permissions }: { event: EventSummary; permissions: RolePermissions }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open>(null);
  const [setStatus, unpublishing] = useSetEventStatusMutation();
  const [remove, deleting] = useDeleteEventMutation();
  const name = eventName(event);

  const unpublish = async () => {
    const res = await setStatus({ id: event.id, status: 'draft' });
    setOpen(null);
    if ('error' in res) notifyDanger(errorMessage(res.error));
    else notifySuccess('Event unpublished');
  };
  const del = async () => {
    const res = await remove(event.id);
    setOpen(null);
    if ('error' in res) notifyDanger(failureNotice('Error deleting the event', errorMessage(res.error)));
    else notifySuccess('Event deleted');
  };

  return (
    <>
      <RowMenu
        label={`Actions for ${name}`}
        items={[
          { text: 'View', icon: 'eye-open', onClick: () => navigate(`/events/${event.id}/dashboard`) },
          { text: 'Edit', icon: 'edit', onClick: () => navigate(`/events/${event.id}/edit`) },
          { text: 'Copy event', icon: 'duplicate', onClick: () => navigate(`/events/${event.id}/copy`) },
          { text: 'Attach to season event', icon: 'link', hidden: event.entity_type === 'seasonal', onClick: () => setOpen('attach') },
          { text: 'Unpublish', icon: 'undo', hidden: !(permissions.unpublishEvents && event.status === 'active'), onClick: () => setOpen('unpublish') },
          { text: 'Delete event', icon: 'trash', intent: 'danger', hidden: !permissions.deleteEvents, onClick: () => setOpen('delete') },
        ]}
      />
      <ConfirmDialog
        isOpen={open === 'unpublish'}
        title="Unpublish event"
        confirmText="Unpublish"
        loading={unpublishing.isLoading}
        onConfirm={unpublish}
        onClose={() => setOpen(null)}
      >
        <p>“{name}” goes back to draft and leaves the sale until it is published again.</p>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={open === 'delete'}
        title="Delete event"
        confirmText="Delete"
        intent="danger"
        loading={deleting.isLoading}
        onConfirm={del}
        onClose={() => setOpen(null)}
      >
        <p>“{name}” and its ticket types, prices and settings are deleted. This cannot be undone.</p>
      </ConfirmDialog>
      {open === 'attach' ? <AttachToSeasonDialog event={event} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
