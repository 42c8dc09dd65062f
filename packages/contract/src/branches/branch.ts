import { z } from 'zod';
import { ZData } from '../common/envelope';

import { WEEKDAYS } from './weekdays';

export const ZWeekday = z.enum(WEEKDAYS);

/**
 * Opening hours of one weekday, "HH:MM" in the branch's time zone; null open/close means closed. A break
 * (break_start–break_end, inside the opening hours) is closed too.
 */
export const ZWorkingDay = z.object({
  day: ZWeekday,
  open: z.string().nullable(),
  close: z.string().nullable(),
  break_start: z.string().nullable().optional(),
  break_end: z.string().nullable().optional(),
});
export type TWorkingDay = z.infer<typeof ZWorkingDay>;

export const ZBranch = z.object({
  id: z.number().int(),
  country_id: z.number().int(),
  name: z.string(),
  city: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  tariff: z.number(),
  currency: z.string(),
  time_zone: z.string(),
  working_hours: z.array(ZWorkingDay),
  map_link: z.string(),
  phones: z.array(z.string()),
  instagram: z.string().nullable(),
  whatsapp: z.string().nullable(),
  telegram: z.string().nullable(),
  storage_days: z.number().int(),
});
export type TBranch = z.infer<typeof ZBranch>;

/** GET country/{country_id}/branches */
export const ZCountryBranchesParams = z.object({ country_id: z.coerce.number().int().positive().max(2_147_483_647) });
export const ZBranchesResponse = ZData(z.array(ZBranch));
export type TBranchesResponse = z.infer<typeof ZBranchesResponse>;
