import type { TSlotRule, TSlotRulesRequest, TSlotRulesResponse, TSlotRulesSavedResponse } from '@portal/contract';
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
    /** Answers how many bookings already made the new rules would not take (they keep their time). */
    saveSlotRules: build.mutation<{ rules: TSlotRule[]; kept: number }, { id: number; body: TSlotRulesRequest }>({
      query: ({ id, body }) => ({ url: `admin/branches/${id}/slot-rules`, method: 'PUT', body }),
      transformResponse: (r: TSlotRulesSavedResponse) => ({ rules: r.data.rules, kept: r.data.kept_bookings }),
      invalidatesTags: [SLOT_RULES],
    }),
  }),
});

export const { useSlotRulesQuery, useSaveSlotRulesMutation } = adminSlotRulesApi;
