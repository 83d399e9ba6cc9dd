import { api } from './api';
import type { Ombud, OmbudBody, OmbudList, PersonList, Promo, PromoList, PromoOptions } from '../contracts/promos';
import type { PromoPayload } from '../domain/promoCodes';

type Page = { page: number; per_page: number };
const PROMO_LIST = { type: 'Promo' as const, id: 'LIST' };
const OMBUD_LIST = { type: 'Ombud' as const, id: 'LIST' };

/** Promo codes and ombuds (002 §7). */
export const promosApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPromos: build.query<PromoList, Page>({
      query: (params) => ({ url: 'discounts', params }),
      providesTags: (r) => [PROMO_LIST, ...(r?.collection ?? []).map((p) => ({ type: 'Promo' as const, id: p.id }))],
    }),
    getPromo: build.query<Promo, number>({ query: (id) => `discounts/${id}`, providesTags: (_r, _e, id) => [{ type: 'Promo', id }] }),
    getPromoOptions: build.query<PromoOptions, void>({ query: () => 'discounts/options', providesTags: [PROMO_LIST] }),
    createPromo: build.mutation<Promo, PromoPayload>({
      query: (body) => ({ url: 'discounts', method: 'POST', body }),
      invalidatesTags: [PROMO_LIST],
    }),
    updatePromo: build.mutation<Promo, { id: number; body: PromoPayload | { active: boolean } }>({
      query: ({ id, body }) => ({ url: `discounts/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [PROMO_LIST, { type: 'Promo', id }, OMBUD_LIST],
    }),
    getOmbuds: build.query<OmbudList, Page>({ query: (params) => ({ url: 'ombuds', params }), providesTags: [OMBUD_LIST] }),
    searchOmbudAttendees: build.query<PersonList, string>({ query: (search) => ({ url: 'ombuds/attendees', params: { search } }) }),
    saveOmbud: build.mutation<Ombud, { id?: number; body: OmbudBody }>({
      query: ({ id, body }) => ({ url: id ? `ombuds/${id}` : 'ombuds', method: id ? 'PUT' : 'POST', body }),
      invalidatesTags: [OMBUD_LIST],
    }),
    deleteOmbud: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `ombuds/${id}`, method: 'DELETE' }),
      invalidatesTags: [OMBUD_LIST],
    }),
  }),
});

export const {
  useGetPromosQuery, useGetPromoQuery, useGetPromoOptionsQuery, useCreatePromoMutation, useUpdatePromoMutation,
  useGetOmbudsQuery, useSearchOmbudAttendeesQuery, useSaveOmbudMutation, useDeleteOmbudMutation,
} = promosApi;
