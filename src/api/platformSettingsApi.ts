import { api } from './api';
import type { OperationsStatus } from '../contracts/operations';
import type { PlatformSettings } from '../contracts/settings';
import type {
  DefaultServiceFee, DefaultServiceFeeBody, DefaultServiceFeeList, FaqBody, FaqItem, FaqList, ForgetCandidateList, ForgetSchedule, VatCategory, VatCategoryList,
} from '../contracts/platformSettings';

/** Platform Settings (002 §2 "Settings", §7), admin only. */
export const platformSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlatformSettings: build.query<PlatformSettings, void>({ query: () => 'settings', providesTags: ['PlatformSettings'] }),
    savePlatformSettings: build.mutation<PlatformSettings, PlatformSettings>({
      query: (body) => ({ url: 'settings', method: 'PUT', body }),
      invalidatesTags: ['PlatformSettings'],
    }),
    getDefaultServiceFees: build.query<DefaultServiceFeeList, void>({ query: () => 'default-service-fees', providesTags: ['DefaultServiceFee'] }),
    saveDefaultServiceFee: build.mutation<DefaultServiceFee, { id?: number; body: DefaultServiceFeeBody }>({
      query: ({ id, body }) => ({ url: id ? `default-service-fees/${id}` : 'default-service-fees', method: id ? 'PUT' : 'POST', body }),
      invalidatesTags: ['DefaultServiceFee'],
    }),
    deleteDefaultServiceFee: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `default-service-fees/${id}`, method: 'DELETE' }),
      invalidatesTags: ['DefaultServiceFee'],
    }),
    getVatCategories: build.query<VatCategoryList, void>({ query: () => 'settings/vats', providesTags: ['VatCategory'] }),
    saveVatCategory: build.mutation<VatCategory, { id: number; vat: number }>({
      query: ({ id, vat }) => ({ url: `settings/vats/${id}`, method: 'PUT', body: { vat } }),
      // The VAT dropdowns elsewhere read api/vats: they refetch when next opened.
      invalidatesTags: ['VatCategory'],
    }),
    searchForgetUsers: build.query<ForgetCandidateList, string>({ query: (search) => ({ url: 'forget-me/users', params: { search } }), providesTags: ['ForgetUser'] }),
    // No query of GET forget-me/user/{id}: that call schedules an erasure (002 §7), it is not a read.
    forgetUser: build.mutation<ForgetSchedule, number>({
      query: (id) => ({ url: `forget-me/user/${id}`, method: 'POST' }),
      invalidatesTags: ['ForgetUser'],
    }),
    cancelForgetUser: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `forget-me/user/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ForgetUser'],
    }),
    getFaq: build.query<FaqList, void>({ query: () => 'faq', providesTags: ['Faq'] }),
    saveFaq: build.mutation<FaqItem, { id?: number; body: FaqBody }>({
      query: ({ id, body }) => ({ url: id ? `faq/${id}` : 'faq', method: id ? 'PATCH' : 'POST', body }),
      invalidatesTags: ['Faq'],
    }),
    deleteFaq: build.mutation<{ message: string }, number>({ query: (id) => ({ url: `faq/${id}`, method: 'DELETE' }), invalidatesTags: ['Faq'] }),
    // Readiness and the jobs' last runs of the answering process (docs/operations.md "Operations at a glance").
    getOperations: build.query<OperationsStatus, void>({ query: () => 'operations' }),
  }),
});

export const {
  useGetPlatformSettingsQuery, useSavePlatformSettingsMutation, useGetDefaultServiceFeesQuery, useSaveDefaultServiceFeeMutation,
  useDeleteDefaultServiceFeeMutation, useGetVatCategoriesQuery, useSaveVatCategoryMutation, useLazySearchForgetUsersQuery,
  useForgetUserMutation, useCancelForgetUserMutation, useGetFaqQuery, useSaveFaqMutation, useDeleteFaqMutation, useGetOperationsQuery,
} = platformSettingsApi;
