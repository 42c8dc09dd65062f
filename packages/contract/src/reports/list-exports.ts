import { z } from 'zod';
import { ZLang } from '../common/i18n';
import { ZAdminSupportsQuery } from '../admin/supports';
import { ZAdminUsersQuery } from '../admin/users';
import { ZAuditListQuery } from '../admin/audit';
import { ZDispatchFilter } from '../manage/dispatch-parcels';

/**
 * Exports of the staff lists (GET manage/dispatch/export, admin/users/export, admin/audit/export,
 * admin/supports/export): the list's own filters (without paging) and the file's format and language, as the report
 * exports take them (GET manage/reports/export). The file holds the rows the screen shows for those filters, at most
 * LIST_EXPORT_MAX_ROWS of them (the answer says so in `x-export-capped`, and the file's last row in words).
 */
export const LIST_EXPORT_MAX_ROWS = 10_000;

export const ZListExportFormat = z.object({
  format: z.enum(['xlsx', 'csv']),
  lang: ZLang.optional(),
});
export type TListExportFormat = z.input<typeof ZListExportFormat>;

const noPaging = { 'filters[page]': true, 'filters[per_page]': true } as const;

export const ZDispatchExportQuery = ZDispatchFilter.extend(ZListExportFormat.shape);
export type TDispatchExportQuery = z.input<typeof ZDispatchExportQuery>;
export const ZAdminUsersExportQuery = ZAdminUsersQuery.omit(noPaging).extend(ZListExportFormat.shape);
export type TAdminUsersExportQuery = z.input<typeof ZAdminUsersExportQuery>;
export const ZAuditExportQuery = ZAuditListQuery.omit(noPaging).extend(ZListExportFormat.shape);
export type TAuditExportQuery = z.input<typeof ZAuditExportQuery>;
export const ZAdminSupportsExportQuery = ZAdminSupportsQuery.omit(noPaging).extend(ZListExportFormat.shape);
export type TAdminSupportsExportQuery = z.input<typeof ZAdminSupportsExportQuery>;
