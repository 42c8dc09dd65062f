import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZDeleteAccountRequest, ZErrorBody, ZOk, ZSendCodeResponse } from '@portal/contract';
import { requestLang } from '../../lib/request-lang';
import { authOf } from '../auth/auth-plugin';
import { perAddressLimit } from '../../plugins/rate-limits';
import { auditActorOf } from '../audit/audit';
import { maskPhone } from '../auth/auth-routes';
import type { CodesService } from '../auth/codes-service';
import { createAccountDeletion } from './account-deletion';
import { text } from '../../texts/texts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody, 429: ZErrorBody };

/** A customer deletes their own account after a code to their number (ADR 069). */
export async function accountDeletionRoutes(app: FastifyInstance, opts: { codes: CodesService; rateLimitPerMinute: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deletion = createAccountDeletion({ db: app.db, codes: opts.codes });
  const strictLimit = perAddressLimit(opts.rateLimitPerMinute);

  r.post(
    '/auth/send-code/delete-account',
    {
      schema: {
        tags: ['auth'],
        summary: "A code to the customer's number before deleting the account (refused at once when it cannot be deleted now)",
        security: [{ bearer: [] }],
        response: { 200: ZSendCodeResponse, ...errors },
      },
      preHandler: app.authenticate,
      config: strictLimit,
    },
    async (request) => {
      const { user } = authOf(request);
      const lang = requestLang(request);
      const sent = await deletion.sendCode(user, { ip: request.ip, lang });
      return { data: { message: text('answers.code_sent', lang), ...sent, phone_hint: maskPhone(user.phoneNumber) } };
    },
  );

  r.post(
    '/auth/user/delete',
    {
      schema: {
        tags: ['auth'],
        summary: 'Delete the account with the code: personal data erased, sessions ended; parcels and payments kept',
        security: [{ bearer: [] }],
        body: ZDeleteAccountRequest,
        response: { 200: ZOk, ...errors },
      },
      preHandler: app.authenticate,
      config: strictLimit,
    },
    async (request) => {
      const lang = requestLang(request);
      await deletion.erase(auditActorOf(request), authOf(request).user, request.body.code, lang);
      return { data: { message: text('answers.account_deleted', lang) } };
    },
  );
}
