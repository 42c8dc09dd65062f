import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZDeleteSavedTrackParams,
  ZDeleteSavedTrackResponse,
  ZErrorBody,
  ZListSavedTracksQuery,
  ZListSavedTracksResponse,
  ZSaveTrackRequest,
  ZSaveTrackResponse,
  ZSaveTracksRequest,
  ZSaveTracksResponse,
} from '@portal/contract';
import { requestLang } from '../../lib/request-lang';
import { authOf } from '../auth/auth-plugin';
import { tracksService } from './tracks-service';
import { text } from '../../texts/texts';

const errors = { 401: ZErrorBody, 404: ZErrorBody, 422: ZErrorBody };

/** The customer's saved tracking codes. */
export async function tracksRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['tracks'];
  const security = [{ bearer: [] }];
  const preHandler = app.authenticate;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  r.get(
    '/saved-tracks',
    {
      schema: {
        tags,
        security,
        summary:
          "The caller's saved tracking codes, newest first, each with its parcel once matched (by page, or filters[after] = a meta.next_cursor)",
        querystring: ZListSavedTracksQuery,
        response: { 200: ZListSavedTracksResponse, ...errors },
      },
      preHandler,
    },
    async (request) =>
      tracksService.list(app.db, authOf(request).user.id, requestLang(request), {
        page: request.query['filters[page]'],
        perPage: request.query['filters[per_page]'],
        after: request.query['filters[after]'],
      }),
  );

  r.post(
    '/save-track',
    {
      schema: {
        tags,
        security,
        summary:
          "Saves a tracking code; an unclaimed parcel with that code becomes the caller's at once (409 duplicate_track, 409 track_owned_by_other)",
        body: ZSaveTrackRequest,
        response: { 200: ZSaveTrackResponse, 409: ZErrorBody, ...errors },
      },
      preHandler,
    },
    async (request) => {
      const { user } = authOf(request);
      const data = await tracksService.save(
        app.db,
        { id: user.id, branchId: user.branchId },
        { trackCode: request.body.track_code, name: request.body.name },
        { userId: user.id, ip: request.ip },
        requestLang(request),
      );
      return { data };
    },
  );

  r.post(
    '/save-tracks',
    {
      schema: {
        tags,
        security,
        summary:
          'Saves up to 50 pasted tracking codes, each as save-track saves one (its own transaction); a result per code: saved, claimed, checking, already_yours, owned_by_other, invalid',
        body: ZSaveTracksRequest,
        response: { 200: ZSaveTracksResponse, ...errors },
      },
      bodyLimit: 32 * 1024,
      preHandler,
    },
    async (request) => {
      const { user } = authOf(request);
      const data = await tracksService.saveMany(
        app.db,
        { id: user.id, branchId: user.branchId },
        request.body.codes,
        { userId: user.id, ip: request.ip },
        requestLang(request),
      );
      return { data };
    },
  );

  r.delete(
    '/saved-tracks/:id/delete',
    {
      schema: {
        tags,
        security,
        summary: "Deletes one of the caller's saved codes (a matched parcel stays theirs)",
        params: ZDeleteSavedTrackParams,
        response: { 200: ZDeleteSavedTrackResponse, ...errors },
      },
      preHandler,
    },
    async (request) => {
      await tracksService.delete(app.db, authOf(request).user.id, request.params.id);
      return { data: { message: text('answers.track_deleted', requestLang(request)) } };
    },
  );
}
