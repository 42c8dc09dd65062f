import type { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZIdParam } from '../common/fields';
import { ZBranch } from './branch';

/** GET branches/{id}: one active branch; unknown or closed branches answer 404. */
export const ZBranchParams = ZIdParam;
export const ZBranchResponse = ZData(ZBranch);
export type TBranchResponse = z.infer<typeof ZBranchResponse>;
