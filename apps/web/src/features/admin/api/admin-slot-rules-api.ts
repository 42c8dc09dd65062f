import type { TSlotRule, TSlotRulesRequest, TSlotRulesResponse } from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

const SLOT_RULES = 'SlotRules' as const;

/** admin/branches/{id}/slot-rules: a branch's pickup slots by weekday (ADR 092). */
export const adminSlotRulesApi = baseApi.enhanceEndpoints({ addTagTypes: [SLOT_RULES] }).injectEndpoints({
  endpoints: (build) => ({
    slotRules: build.query<TSlotRule[], number>({
      query: (id) => `admin/branches/${id}/slot-rules`,
      transformResponse: (r: TSlotRulesResponse) => r.data.rules,
      providesTags: [SLOT_RULES],
      keepUnusedDataFor: NO_CACHE,
    }),
    saveSlotRules: build.mutation<TSlotRule[], { id: number; body: TSlotRulesRequest }>({
      query: ({ id, body }) => ({ url: `admin/branches/${id}/slot-rules`, method: 'PUT', body }),
      transformResponse: (r: TSlotRulesResponse) => r.data.rules,
      invalidatesTags: [SLOT_RULES],
    }),
  }),
});

export const { useSlotRulesQuery, useSaveSlotRulesMutation } = adminSlotRulesApi;
