import './events.css';
import { Callout } from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import { useMemo } from 'react';
import { useNavigate, useOutletContext } from 'react-router-dom';
import { useGetProfileQuery } from '../../api/authApi';
import { errorMessage, validationErrors } from '../../api/errorMessage';
import { useCreateEventMutation, useUpdateEventMutation } from '../../api/eventsApi';
import type { EventDetail } from '../../contracts/events';
import { permissionsFor } from '../../domain/roles';
import { makeThumbnail } from '../../ui/imageThumbnail';
import { notifySuccess } from '../../ui/notify';
import { EventForm } from './EventForm';
import { eventValues, eventWriteBody, formFieldErrors, newEventValues, type EventFormState } from './eventFormValues';

type Failure = Parameters<typeof errorMessage>[0];
const toSubmitErrors = (error: Failure) => {
  const fields = validationErrors(error);
  if (fields) return formFieldErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0]])));
  return { [FORM_ERROR]: errorMessage(error) };
};

/**
 * /events/create and /season/create: "Create an event" / "Create a season event" (000 §2). On success an event goes
 * to its basic information, a season to its child events page; Cancel returns to the list.
 */
export function CreateEventPage({ entityType = 'ordinary' }: { entityType?: 'ordinary' | 'seasonal' }) {
  const navigate = useNavigate();
  const profile = useGetProfileQuery().data;
  const choosePromoter = permissionsFor(profile?.type ?? 'promoter').choosePromoter;
  const [create] = useCreateEventMutation();
  const initialValues = useMemo(() => newEventValues(entityType), [entityType]);
  const seasonal = entityType === 'seasonal';
  const listPath = seasonal ? '/season' : '/events';

  const submit = async (values: EventFormState) => {
    const thumbnail = values.medium ? await makeThumbnail(values.medium) : null;
    const res = await create({ body: eventWriteBody(values, { create: true }), medium: values.medium, thumbnail });
    if ('error' in res) return toSubmitErrors(res.error);
    notifySuccess(seasonal ? 'Season event created' : 'Event created');
    navigate(seasonal ? `/season/${res.data.id}` : `/events/${res.data.id}/basic-information`);
  };

  return (
    <div className="page page-form">
      <h1 className="page-title">{seasonal ? 'Create a season event' : 'Create an event'}</h1>
      <Callout className="form-note" icon="info-sign">
        {seasonal ? 'Events starts as a draft. You can edit this information later on' : 'Events start as a draft and can be edited later.'}
      </Callout>
      <EventForm mode="create" initialValues={initialValues} choosePromoter={choosePromoter} submitText={seasonal ? 'Create season event' : 'Create event'} onSubmit={submit} onCancel={() => navigate(listPath)} />
    </div>
  );
}

/**
 * /events/{id}/edit (inside the event layout): after saving, the refreshed event's basic information.
 * /season/{id}/edit, the season's "Main Event" page, returns to the season's child events instead.
 */
export function EditEventPage({ season = false }: { season?: boolean }) {
  const event = useOutletContext<EventDetail>();
  const navigate = useNavigate();
  const [update] = useUpdateEventMutation();
  const initialValues = useMemo(() => eventValues(event), [event]);
  const priced = event.pricing.priced_with_default > 0 || event.pricing.complete;
  const inSeason = event.seasonal_event !== null || event.child_events_count > 0;
  const mapLocked = priced ? 'The map stays once seats are priced.' : inSeason ? 'The map stays while the event is part of a seasonal event.' : undefined;

  const doneTo = season ? `/season/${event.id}` : `/events/${event.id}/basic-information`;

  const submit = async (values: EventFormState) => {
    const thumbnail = values.medium ? await makeThumbnail(values.medium) : null;
    const res = await update({ id: event.id, body: eventWriteBody(values, { updatedAt: event.updated_at }), medium: values.medium, thumbnail });
    if ('error' in res) return toSubmitErrors(res.error);
    notifySuccess('Event saved');
    navigate(doneTo);
  };

  return (
    <div className="page-form">
      <h2 className="section-title">{season ? 'Main Event' : 'Event Information'}</h2>
      <EventForm
        mode="edit"
        initialValues={initialValues}
        choosePromoter={false}
        submitText="Save"
        currentImageUrl={event.medium?.url}
        mapLocked={mapLocked}
        onSubmit={submit}
        onCancel={() => navigate(doneTo)}
      />
    </div>
  );
}
