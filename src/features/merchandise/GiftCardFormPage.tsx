import { FORM_ERROR, type FormApi } from 'final-form';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useGetProfileQuery } from '../../api/authApi';
import { validationErrors, errorStatus } from '../../api/errorMessage';
import { useCreateGiftCardMutation, useGetGiftCardQuery, useGetMerchandiseTypesQuery, useUpdateGiftCardMutation } from '../../api/merchandiseApi';
import { useGetUsersQuery } from '../../api/usersApi';
import { permissionsFor } from '../../domain/roles';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { notifySuccess } from '../../ui/notify';
import { RetryPanel } from '../../ui/RetryPanel';
import { NotFoundPanel } from '../../ui/NotFoundPanel';
import { GiftCardForm, type SaveMode } from './GiftCardForm';
import { giftCardBody, giftCardValues, newGiftCardValues, type GiftCardFormState } from './giftCardValues';

type Failure = Parameters<typeof validationErrors>[0];
/** 001 §8: a failed gift-card save says 'Something went wrong'; the server's field messages stand beside their fields. */
function toSubmitErrors(error: Failure) {
  const fields = Object.fromEntries(Object.entries(validationErrors(error) ?? {}).map(([k, v]) => [k, v[0]]));
  return { ...fields, [FORM_ERROR]: 'Something went wrong' };
}

/**
 * Where a saved gift card goes: /promoters as the spec says; that page is admin-only (the role whitelist), so a
 * promoter goes to the gift-card list instead (docs/merchandise.md).
 */
function useDonePath(): string {
  const profile = useGetProfileQuery().data;
  return profile?.type === 'admin' ? '/promoters' : '/gift-card/list';
}

function usePromoterChoice() {
  const profile = useGetProfileQuery().data;
  const choose = permissionsFor(profile?.type ?? 'promoter').choosePromoter;
  const users = useGetUsersQuery({ type: 'promoter', per_page: 500 }, { skip: !choose });
  if (!choose) return null;
  return [...new Map((users.data?.collection ?? []).filter((u) => u.promoter).map((u) => [u.promoter!.id, u.promoter!.name])).entries()]
    .map(([id, name]) => ({ value: String(id), label: name }));
}

/** /gift-card/add: 'Add Gift Card'. A saved gift card leaves the form (useDonePath); Save&Add more stays on a fresh form. */
export function AddGiftCardPage() {
  const navigate = useNavigate();
  const donePath = useDonePath();
  const promoters = usePromoterChoice();
  const types = useGetMerchandiseTypesQuery();
  const [create] = useCreateGiftCardMutation();
  const initialValues = useMemo(newGiftCardValues, []);
  const giftCardType = types.data?.data.find((t) => t.alias === 'gift_card')?.id;
  const submit = async (values: GiftCardFormState, mode: SaveMode, form: FormApi<GiftCardFormState>) => {
    const res = await create({ body: giftCardBody(values, giftCardType), images: values.images });
    if ('error' in res) return toSubmitErrors(res.error);
    notifySuccess('Gift card saved');
    if (mode === 'more') setTimeout(() => form.restart({ ...newGiftCardValues(), promoter: values.promoter }));
    else navigate(donePath);
    return undefined;
  };
  return (
    <div className="page page-form">
      <h1 className="page-title">Add Gift Card</h1>
      <GiftCardForm initialValues={initialValues} promoters={promoters} onSubmit={submit} onCancel={() => navigate('/gift-card/list')} />
    </div>
  );
}

/** /gift-card/{id}/edit: the same form, saved with PUT api/merchandise/{id}. */
export function EditGiftCardPage() {
  const navigate = useNavigate();
  const id = Number(useParams().giftCardId);
  const donePath = useDonePath();
  const card = useGetGiftCardQuery(id);
  const [update] = useUpdateGiftCardMutation();
  const types = useGetMerchandiseTypesQuery();
  const initialValues = useMemo(() => (card.data ? giftCardValues(card.data) : null), [card.data]);
  const giftCardType = types.data?.data.find((t) => t.alias === 'gift_card')?.id;
  const submit = async (values: GiftCardFormState, mode: SaveMode) => {
    const res = await update({ id, body: giftCardBody({ ...values, promoter: '' }, giftCardType), images: values.images });
    if ('error' in res) return toSubmitErrors(res.error);
    notifySuccess('Gift card saved');
    navigate(mode === 'more' ? '/gift-card/add' : donePath);
    return undefined;
  };
  return (
    <div className="page page-form">
      <h1 className="page-title">Edit Gift Card</h1>
      {card.isLoading ? <LoadingSpinner /> : errorStatus(card.error) === 404 ? <NotFoundPanel title="Gift card not found" back={{ to: '/gift-card/list', list: 'gift cards' }} /> : !initialValues || !card.data ? <RetryPanel onRetry={card.refetch} detail="Something went wrong" /> : (
        <GiftCardForm initialValues={initialValues} promoters={null} current={card.data.media} onSubmit={submit} onCancel={() => navigate('/gift-card/list')} />
      )}
    </div>
  );
}
