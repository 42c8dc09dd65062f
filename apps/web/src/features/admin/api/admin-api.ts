import type {
  TAdminChangePhoneRequest,
  TAdminChangePhoneResponse,
  TAdminRenameUserRequest,
  TAdminCreateUserRequest,
  TAdminUpdateUserRequest,
  TAdminInvitationResponse,
  TAdminUser,
  TAdminUserDetail,
  TAdminUserDetailResponse,
  TAdminUserResponse,
  TAdminUsersResponse,
  TAuditListResponse,
} from '@portal/contract';
import { baseApi, NO_CACHE } from '../../../lib/api/base-api';

const ADMIN = 'Admin' as const;

/** Query string of `filters[...]` from the set values. */
function filters(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== '') params.set(`filters[${key}]`, String(value));
  return params.toString();
}

/** The admin area's calls (all under /api/admin; the server refuses anyone but admins). */
export const adminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    adminUsers: build.query<TAdminUsersResponse, { search?: string; role?: string; page: number }>({
      query: ({ search, role, page }) => `admin/users?${filters({ search, role, page, per_page: 20 })}`,
      providesTags: [ADMIN],
      keepUnusedDataFor: NO_CACHE,
    }),
    adminUser: build.query<TAdminUserDetail, number>({
      query: (id) => `admin/users/${id}`,
      transformResponse: (r: TAdminUserDetailResponse) => r.data,
      providesTags: [ADMIN],
      keepUnusedDataFor: NO_CACHE,
    }),
    updateAdminUser: build.mutation<TAdminUser, { id: number; body: TAdminUpdateUserRequest }>({
      query: ({ id, body }) => ({ url: `admin/users/${id}`, method: 'PATCH', body }),
      transformResponse: (r: TAdminUserResponse) => r.data,
      invalidatesTags: [ADMIN],
    }),
    createAdminUser: build.mutation<TAdminUser, TAdminCreateUserRequest>({
      query: (body) => ({ url: 'admin/users', method: 'POST', body }),
      transformResponse: (r: TAdminUserResponse) => r.data,
      invalidatesTags: [ADMIN],
    }),
    changeUserPhone: build.mutation<TAdminChangePhoneResponse['data'], { id: number; body: TAdminChangePhoneRequest }>({
      query: ({ id, body }) => ({ url: `admin/users/${id}/phone`, method: 'POST', body }),
      transformResponse: (r: TAdminChangePhoneResponse) => r.data,
      invalidatesTags: [ADMIN],
    }),
    renameUser: build.mutation<TAdminUser, { id: number; body: TAdminRenameUserRequest }>({
      query: ({ id, body }) => ({ url: `admin/users/${id}/name`, method: 'PUT', body }),
      transformResponse: (r: TAdminUserResponse) => r.data,
      invalidatesTags: [ADMIN],
    }),
    inviteAdminUser: build.mutation<TAdminInvitationResponse['data'], number>({
      query: (id) => ({ url: `admin/users/${id}/invitation`, method: 'POST' }),
      transformResponse: (r: TAdminInvitationResponse) => r.data,
      invalidatesTags: [ADMIN],
    }),
    endUserSessions: build.mutation<void, number>({
      query: (id) => ({ url: `admin/users/${id}/end-sessions`, method: 'POST' }),
      invalidatesTags: [ADMIN],
    }),
    adminAudit: build.query<
      TAuditListResponse,
      { actor?: string; action?: string; target_type?: string; target_id?: string; from?: string; to?: string; page: number }
    >({
      query: (q) => `admin/audit?${filters({ ...q, per_page: 20 })}`,
      providesTags: [ADMIN],
      keepUnusedDataFor: NO_CACHE,
    }),
  }),
});

export const {
  useAdminUsersQuery,
  useAdminUserQuery,
  useUpdateAdminUserMutation,
  useCreateAdminUserMutation,
  useEndUserSessionsMutation,
  useInviteAdminUserMutation,
  useChangeUserPhoneMutation,
  useRenameUserMutation,
  useAdminAuditQuery,
} = adminApi;
