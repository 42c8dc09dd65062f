import type { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZIdParam } from '../common/fields';
import { ZPublicUser } from './user';

/** GET users/{id}: yourself, or anyone for staff and admins; others answer 404. */
export const ZGetUserParams = ZIdParam;
export const ZGetUserResponse = ZData(ZPublicUser);
export type TGetUserResponse = z.infer<typeof ZGetUserResponse>;
