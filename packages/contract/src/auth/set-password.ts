import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZPassword } from '../common/fields';
import { newPasswordRule } from '../common/password-rule';
import { MSG } from '../common/messages';
import { ZInvitationToken } from './invitation-token';

/**
 * A staff invitation (ADR 075): the admin creates or re-invites a staff account and the person gets an SMS with
 * `/auth/set-password?token=…`. The link is valid INVITATION_HOURS, used once; a resend makes the earlier one invalid.
 * Errors: unknown or replaced link `invitation_invalid` 404, used `invitation_used` 409, expired `invitation_expired` 410.
 *
 * POST auth/invitation: whether a link is still good, and whom it is for (first name, phone), before the form is shown. */
export const ZInvitationCheckRequest = z.strictObject({ token: ZInvitationToken });
export type TInvitationCheckRequest = z.input<typeof ZInvitationCheckRequest>;
export const ZInvitationCheckResponse = ZData(z.object({ first_name: z.string(), phone_number: z.string(), expires_at: z.string() }));
export type TInvitationCheckResponse = z.infer<typeof ZInvitationCheckResponse>;

/** POST auth/set-password: the password for the invited account; the link is used up, the person signs in with it. */
export const ZSetPasswordRequest = z
  .strictObject({
    token: ZInvitationToken,
    password: ZPassword,
    password_confirmation: z.string({ error: MSG.required }).min(1, { error: MSG.required }),
  })
  .superRefine(newPasswordRule)
  .refine((v) => v.password === v.password_confirmation, {
    error: MSG.passwordsMustMatch,
    path: ['password_confirmation'],
  });
export type TSetPasswordRequest = z.input<typeof ZSetPasswordRequest>;
export const ZSetPasswordResponse = ZData(z.object({ phone_number: z.string() }));
export type TSetPasswordResponse = z.infer<typeof ZSetPasswordResponse>;
