import { addDays, localDate } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import type { BranchRow } from '../branches/branches-repository';
import { dayCloseRepository } from './day-close-repository';

/** The business day payments taken now at `branch` count in: today there, or the first day after the closed ones. Branch lock held. */
export async function openBusinessDate(tx: DbOrTx, branch: BranchRow, now = new Date()): Promise<string> {
  let date = localDate(now, branch.timeZone);
  for (const closed of await dayCloseRepository.closedDatesFrom(tx, branch.id, date)) {
    if (closed !== date) break;
    date = addDays(date, 1);
  }
  return date;
}
