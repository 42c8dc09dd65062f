import { z } from 'zod';
import { MSG } from '../common/messages';

/**
 * A staff invitation's link (ADR 075), apart from set-password.ts so the web page that reads it does not load the
 * password rule's dictionaries (about 1 MB): valid INVITATION_HOURS, used once; a resend makes the earlier one invalid.
 */
export const INVITATION_HOURS = 72;
export const SET_PASSWORD_PATH = '/auth/set-password';

export const ZInvitationToken = z
  .string({ error: MSG.required })
  .min(1, { error: MSG.required })
  .max(200, { error: MSG.invalidValue })
  .regex(/^[A-Za-z0-9_-]+$/, { error: MSG.invalidValue });
