import { FORM_ERROR } from 'final-form';
import { useMemo } from 'react';
import { useNavigate, useOutletContext, useParams, useSearchParams } from 'react-router-dom';
import { errorMessage, validationErrors, errorStatus } from '../../api/errorMessage';
import { useCreateMerchandiseMutation, useGetMerchandiseQuery, useGetMerchandiseTypesQuery, useUpdateMerchandiseMutation } from '../../api/merchandiseApi';
import type { EventDetail } from '../../contracts/events';
import type { MerchandiseDetail } from '../../contracts/merchandise';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifySuccess } from '../../ui/notify';
import { RetryPanel } from '../../ui/RetryPanel';
import { NotFoundPanel } from '../../ui/NotFoundPanel';
import { MerchandiseForm } from './MerchandiseForm';
import { merchandiseBody, merchandiseValues, newMerchandiseValues, saveErrorLines, type MerchandiseFormState } from './merchandiseFormValues';

type Failure = Parameters<typeof errorMessage>[0];
/** 001 §8: 'field: first message' per line, else the server's message, else 'Save error'; typed values stay. */
const toSubmitErrors = (error: Failure) => ({ [FORM_ERROR]: saveErrorLines(validationErrors(error), errorMessage(error, 'Save error')).join('\n') });

/** /events/{id}/merchandise/create: 'Add Merchandise' (001 §2); `?type=` comes from the list's empty state. */
export function CreateMerchandisePage() {
  const event = useOutletContext<EventDetail>();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const types = useGetMerchandiseTypesQuery();
  const [create] = useCreateMerchandiseMutation();
  const initialValues = useMemo(() => newMerchandiseValues(params.get('type') ?? ''), [params]);
  const listPath = `/events/${event.id}/merchandise`;
  const submit = async (values: MerchandiseFormState) => {
    const res = await create({ eventId: event.id, body: merchandiseBody(values), images: values.images });
    if ('error' in res) return toSubmitErrors(res.error);
    notifySuccess('Merchandise saved');
    navigate(listPath);
    return undefined;
  };
  return (
    <div className="page-form merch-page">
      <h2 className="section-title">Add Merchandise</h2>
      {types.isLoading ? <LoadingSpinner /> : !types.data ? <RetryPanel onRetry={types.refetch} detail="Something went wrong" /> : (
        <MerchandiseForm initialValues={initialValues} types={types.data.data} submitText="Save" onSubmit={submit} onCancel={() => navigate(listPath)} />
      )}
    </div>
  );
}

/** /events/{eventId}/merchandise/{id}/edit: 'Edit Merchandise'. */
export function EditMerchandisePage() {
  const event = useOutletContext<EventDetail>();
  const id = Number(useParams().merchandiseId);
  const item = useGetMerchandiseQuery({ eventId: event.id, id });
  const types = useGetMerchandiseTypesQuery();
  return (
    <div className="page-form merch-page">
      <h2 className="section-title">Edit Merchandise</h2>
      {item.isLoading || types.isLoading ? (
        <LoadingSpinner />
      ) : errorStatus(item.error) === 404 ? (
        <NotFoundPanel title="Merchandise not found" back={{ to: `/events/${event.id}/merchandise`, list: 'merchandise' }} />
      ) : !item.data || !types.data ? (
        <RetryPanel onRetry={() => { void item.refetch(); void types.refetch(); }} detail="Something went wrong" />
      ) : (
        <EditForm key={item.data.id} eventId={event.id} item={item.data} types={types.data.data} />
      )}
    </div>
  );
}

function EditForm({ eventId, item, types }: { eventId: number; item: MerchandiseDetail; types: Parameters<typeof MerchandiseForm>[0]['types'] }) {
  const navigate = useNavigate();
  const [update] = useUpdateMerchandiseMutation();
  const initialValues = useMemo(() => merchandiseValues(item), [item]);
  const listPath = `/events/${eventId}/merchandise`;
  const submit = async (values: MerchandiseFormState) => {
    const res = await update({ eventId, id: item.id, body: merchandiseBody(values), images: values.images });
    if ('error' in res) return toSubmitErrors(res.error);
    notifySuccess('Merchandise saved');
    navigate(listPath);
    return undefined;
  };
  return <MerchandiseForm initialValues={initialValues} types={types} current={item} submitText="Save" onSubmit={submit} onCancel={() => navigate(listPath)} />;
}
