import { api } from './api';
import { toFormData } from './formData';
import type { EventMerchandiseList } from '../contracts/events';
import type { GiftCardList, MerchandiseDetail, MerchandiseTypeList } from '../contracts/merchandise';

type EventItem = { eventId: number; id: number };
/** A form as the server reads it (bracketed multipart keys); images as files. */
type Write = { body: object; images?: File[] };
const imageFiles = (images: File[] | undefined, key: string) => Object.fromEntries((images ?? []).map((file, i) => [`${key}[${i}]`, file]));
const listTag = (eventId: number | 'GIFT') => ({ type: 'Merchandise' as const, id: `LIST-${eventId}` });

/** Merchandise per event and gift cards (001 §7). */
export const merchandiseApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMerchandiseTypes: build.query<MerchandiseTypeList, void>({ query: () => 'merchandise-types' }),
    getMerchandiseList: build.query<EventMerchandiseList, { eventId: number; page: number; per_page: number }>({
      query: ({ eventId, page, per_page }) => ({ url: `events/${eventId}/merchandises`, params: { page, per_page } }),
      providesTags: (_r, _e, { eventId }) => [listTag(eventId)],
    }),
    getMerchandise: build.query<MerchandiseDetail, EventItem>({
      query: ({ eventId, id }) => `events/${eventId}/merchandises/${id}`,
      providesTags: (_r, _e, { id }) => [{ type: 'Merchandise', id }],
    }),
    createMerchandise: build.mutation<MerchandiseDetail, { eventId: number } & Write>({
      query: ({ eventId, body, images }) => ({ url: `events/${eventId}/merchandises`, method: 'POST', body: toFormData(body, imageFiles(images, 'images')) }),
      invalidatesTags: (_r, _e, { eventId }) => [listTag(eventId)],
    }),
    updateMerchandise: build.mutation<MerchandiseDetail, EventItem & Write>({
      query: ({ eventId, id, body, images }) => ({
        url: `events/${eventId}/merchandises/${id}`, method: 'POST', body: toFormData({ ...body, _method: 'put' }, imageFiles(images, 'images')),
      }),
      invalidatesTags: (_r, _e, { eventId, id }) => [listTag(eventId), { type: 'Merchandise', id }],
    }),
    setMerchandiseValid: build.mutation<MerchandiseDetail, EventItem & { valid: boolean }>({
      query: ({ eventId, id, valid }) => ({ url: `events/${eventId}/merchandises/${id}`, method: 'PATCH', body: { valid: valid ? 1 : 0 } }),
      invalidatesTags: (_r, _e, { eventId, id }) => [listTag(eventId), { type: 'Merchandise', id }],
    }),
    deleteMerchandise: build.mutation<{ message: string }, EventItem>({
      query: ({ eventId, id }) => ({ url: `events/${eventId}/merchandises/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { eventId, id }) => [listTag(eventId), { type: 'Merchandise', id }],
    }),
    getGiftCards: build.query<GiftCardList, { page: number; per_page: number }>({
      query: (params) => ({ url: 'merchandise', params }),
      providesTags: [listTag('GIFT')],
    }),
    getGiftCard: build.query<MerchandiseDetail, number>({
      query: (id) => `merchandise/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Merchandise', id }],
    }),
    createGiftCard: build.mutation<MerchandiseDetail, Write>({
      query: ({ body, images }) => ({ url: 'merchandise', method: 'POST', body: toFormData(body, imageFiles(images, 'fileUpload')) }),
      invalidatesTags: [listTag('GIFT')],
    }),
    updateGiftCard: build.mutation<MerchandiseDetail, { id: number } & Write>({
      query: ({ id, body, images }) => ({ url: `merchandise/${id}`, method: 'PUT', body: toFormData(body, imageFiles(images, 'fileUpload')) }),
      invalidatesTags: (_r, _e, { id }) => [listTag('GIFT'), { type: 'Merchandise', id }],
    }),
  }),
});

export const {
  useGetMerchandiseTypesQuery, useGetMerchandiseListQuery, useGetMerchandiseQuery, useCreateMerchandiseMutation, useUpdateMerchandiseMutation,
  useSetMerchandiseValidMutation, useDeleteMerchandiseMutation, useGetGiftCardsQuery, useGetGiftCardQuery, useCreateGiftCardMutation,
  useUpdateGiftCardMutation,
} = merchandiseApi;
