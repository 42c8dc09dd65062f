import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZLogoutRequest,
  ZAuthUserResponse,
  ZErrorBody,
  ZLoginRequest,
  ZOk,
  ZRefreshResponse,
  ZRegisterRequest,
  ZSendCodeRequest,
  ZSendCodeResponse,
  ZSendNewPhoneCodeRequest,
  ZSessionResponse,
  ZUpdatePasswordRequest,
  ZUpdatePhoneRequest,
  ZUpdateUserRequest,
  ZVerifyCodeRequest,
  ZVerifyCodeResponse,
  ZNotificationGroups,
  ZOwnUser,
  type TOwnUser,
} from '@portal/contract';
import { bearerToken } from '../../lib/bearer-token';
import { authOf } from './auth-plugin';
import { auditActorOf } from '../audit/audit';
import { askedLang, requestLang } from '../../lib/request-lang';
import { usersRepository } from '../users/users-repository';
import { sessionsRepository } from './sessions-repository';
import type { AuthService } from './auth-service';
import type { BuiltGroups, KeptGroupsEntry } from '../notifications/kept-groups';
import { compileSerializer, writtenAnswer } from '../../lib/response-serializer';
import type { CodesService } from './codes-service';
import { perAddressLimit } from '../../plugins/rate-limits';
import { text } from '../../texts/texts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody, 429: ZErrorBody };

export function maskPhone(phone: string): string {
  return phone.length > 6 ? `${phone.slice(0, 4)}***${phone.slice(-4)}` : '***';
}

const client = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  lang: requestLang(request),
  reads: askedLang(request),
});

const writeOwnUser = compileSerializer(ZOwnUser);
const writeGroups = compileSerializer(ZNotificationGroups);
const USER_OPEN = Buffer.from('{"data":');
const GROUPS_OPEN = Buffer.from(',"notifications":');
const CLOSE = Buffer.from('}}');

/**
 * GET auth/user's answer `{"data":{…user, "notifications":{…}}}` as bytes: the user written anew, the groups as
 * written once for the kept groups (ADR 067; the route's serializer checks it against the contract outside production).
 */
function userAnswer(user: TOwnUser, notifications: BuiltGroups): Buffer {
  notifications.json ??= Buffer.from(writeGroups(notifications.groups));
  const written = writeOwnUser(user); // an object: `{…}`, opened here to add the groups as its last field
  return Buffer.concat([USER_OPEN, Buffer.from(written.slice(0, -1)), GROUPS_OPEN, notifications.json, CLOSE]);
}

export async function authRoutes(app: FastifyInstance, opts: { auth: AuthService; codes: CodesService; rateLimitPerMinute: number }) {
  /** Brute-force guard on credential calls, per client address (shared through Redis when configured). */
  const strictLimit = perAddressLimit(opts.rateLimitPerMinute);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, codes } = opts;
  const tags = ['auth'];

  r.post(
    '/auth/send-code',
    {
      schema: {
        tags,
        summary: 'Send a registration code (same answer for a registered number, whose owner is told to sign in instead)',
        body: ZSendCodeRequest,
        response: { 200: ZSendCodeResponse, ...errors },
      },
      config: strictLimit,
    },
    async (request) => {
      const phone = request.body.phone_number;
      // The same answer, caps and work for a registered number as for a new one (no way to tell which numbers have
      // accounts); the owner of a registered one gets an SMS saying to sign in or reset the password instead of a code.
      const sent = await codes.send({
        phone,
        purpose: 'register',
        ip: request.ip,
        lang: requestLang(request),
        deliver: true,
        ownerOf: (tx) => usersRepository.languageOf(tx, phone),
      });
      return { data: { message: text('answers.code_sent', requestLang(request)), ...sent } };
    },
  );

  r.post(
    '/auth/send-code/forgot',
    {
      schema: {
        tags,
        summary: 'Send a password-reset code (same answer whether or not the number has an account)',
        body: ZSendCodeRequest,
        response: { 200: ZSendCodeResponse, ...errors },
      },
      config: strictLimit,
    },
    async (request) => {
      const phone = request.body.phone_number;
      const exists = await usersRepository.phoneExists(app.db, phone);
      const sent = await codes.send({ phone, purpose: 'forgot', ip: request.ip, lang: requestLang(request), deliver: exists });
      return { data: { message: text('answers.code_sent', requestLang(request)), ...sent } };
    },
  );

  r.post(
    '/auth/send-code/update-phone',
    {
      schema: {
        tags,
        summary: "Send a phone-change code to the signed-in user's current number",
        security: [{ bearer: [] }],
        response: { 200: ZSendCodeResponse, ...errors },
      },
      preHandler: app.authenticate,
      config: strictLimit,
    },
    async (request) => {
      const { user } = authOf(request);
      const sent = await codes.send({
        phone: user.phoneNumber,
        purpose: 'update_phone',
        ip: request.ip,
        lang: requestLang(request),
        deliver: true,
      });
      return { data: { message: text('answers.code_sent', requestLang(request)), ...sent, phone_hint: maskPhone(user.phoneNumber) } };
    },
  );

  r.post(
    '/auth/send-code/new-phone',
    {
      schema: {
        tags,
        summary: 'Send a code to the new number of a phone change (after the current number is proven)',
        security: [{ bearer: [] }],
        body: ZSendNewPhoneCodeRequest,
        response: { 200: ZSendCodeResponse, ...errors },
      },
      preHandler: app.authenticate,
      config: strictLimit,
    },
    async (request) => {
      const { user } = authOf(request);
      const { phone_number, verification_token } = request.body;
      await auth.checkNewPhone(user, phone_number, verification_token);
      const sent = await codes.send({
        phone: phone_number,
        purpose: 'new_phone',
        ip: request.ip,
        lang: requestLang(request),
        deliver: true,
      });
      return { data: { message: text('answers.code_sent', requestLang(request)), ...sent, phone_hint: maskPhone(phone_number) } };
    },
  );

  r.post(
    '/auth/verify-code',
    {
      schema: {
        tags,
        summary: 'Exchange a code for a single-use verification token',
        body: ZVerifyCodeRequest,
        response: { 200: ZVerifyCodeResponse, ...errors },
      },
      config: strictLimit,
    },
    async (request) => {
      const { phone_number, code, type } = request.body;
      const data = await codes.verify({ phone: phone_number, purpose: type, code });
      return { data };
    },
  );

  r.post(
    '/auth/register',
    {
      schema: { tags, summary: 'Create an account', body: ZRegisterRequest, response: { 200: ZSessionResponse, ...errors } },
      config: strictLimit,
    },
    async (request) => ({ data: await auth.register(request.body, client(request)) }),
  );

  r.post(
    '/auth/login',
    {
      schema: { tags, summary: 'Sign in with phone and password', body: ZLoginRequest, response: { 200: ZSessionResponse, ...errors } },
      config: strictLimit,
    },
    async (request) => ({ data: await auth.login(request.body.phone_number, request.body.password, client(request)) }),
  );

  r.post(
    '/auth/refresh',
    {
      schema: {
        tags,
        summary: 'Rotate the access token (send the current one as Bearer, even if expired)',
        security: [{ bearer: [] }],
        response: { 200: ZRefreshResponse, ...errors },
      },
    },
    async (request) => ({ data: await auth.refresh(bearerToken(request)) }),
  );

  r.get(
    '/auth/user',
    {
      schema: {
        tags,
        summary: 'The signed-in user with notifications grouped by key',
        security: [{ bearer: [] }],
        response: { 200: ZAuthUserResponse, ...errors },
      },
      // The session check and the notifications in one statement (the call every signed-in page load makes).
    },
    async (request) => {
      // The notifications this instance keeps for the token's user are sent again only when the database's
      // fingerprint of them differs (ADR 067); they are shown only if the session check admits the session as theirs.
      let kept: KeptGroupsEntry | undefined;
      const found = await app.authenticateWith(request, (sessionId, userId) => {
        kept = auth.keptGroupsOf(userId);
        return sessionsRepository.findWithUserAndNotifications(app.db, sessionId, kept?.fingerprint ?? null);
      });
      const { user, notifications } = await auth.userViewOf(found, kept, askedLang(request));
      return writtenAnswer(userAnswer(user, notifications), { data: { ...user, notifications: notifications.groups } });
    },
  );

  r.post(
    '/auth/user/update',
    {
      schema: {
        tags,
        summary: 'Update personal data',
        security: [{ bearer: [] }],
        body: ZUpdateUserRequest,
        response: { 200: ZAuthUserResponse, ...errors },
      },
      preHandler: app.authenticate,
    },
    async (request) => ({ data: await auth.updateUser(authOf(request).user, request.body, askedLang(request), auditActorOf(request)) }),
  );

  r.post(
    '/auth/user/update-phone',
    {
      schema: {
        tags,
        summary: 'Change the phone number (with an update_phone verification token)',
        security: [{ bearer: [] }],
        body: ZUpdatePhoneRequest,
        response: { 200: ZAuthUserResponse, ...errors },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const ctx = authOf(request);
      return { data: await auth.updatePhone(ctx.user, ctx.sessionId, request.body, askedLang(request)) };
    },
  );

  r.post(
    '/auth/update-password',
    {
      schema: {
        tags,
        summary: 'Set a new password (forgot flow); ends every session',
        body: ZUpdatePasswordRequest,
        response: { 200: ZOk, ...errors },
      },
      config: strictLimit,
    },
    async (request) => {
      await auth.updatePassword(request.body);
      return { data: { message: text('answers.done', requestLang(request)) } };
    },
  );

  r.post(
    '/auth/logout',
    {
      schema: {
        tags,
        summary: "End this session (and this browser's push subscription of the account, when named)",
        security: [{ bearer: [] }],
        body: ZLogoutRequest,
        response: { 200: ZOk, ...errors },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const { sessionId, user } = authOf(request);
      await auth.logout(sessionId, user.id, request.body?.push_endpoint);
      return { data: { message: text('answers.done', requestLang(request)) } };
    },
  );
}
