import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MAX_CLAIM_PHOTOS,
  MAX_PHOTO_BYTES,
  ZClaimMessageRequest,
  ZClaimParams,
  ZClaimResponse,
  ZClaimsResponse,
  ZErrorBody,
  ZOpenClaimRequest,
} from '@portal/contract';
import { authOf } from '../auth/auth-plugin';
import { storeUploadedPhotos } from '../manage/photo-upload';
import { claimsRepository } from './claims-repository';
import { claimsService } from './claims-service';

const errors = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 413: ZErrorBody, 422: ZErrorBody };
const security = [{ bearer: [] }];
const tags = ['claims'];

/** The customer's claims (ADR 088): only about their own parcels; anyone else's id answers 404. */
export async function claimsRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: MAX_PHOTO_BYTES, files: MAX_CLAIM_PHOTOS, fields: 0, parts: MAX_CLAIM_PHOTOS, fieldSize: 1024, headerPairs: 50 },
    throwFileSizeLimit: true,
  });
  app.uploads.registerReferences('claims', claimsRepository.photoReferences);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.authenticate;
  const urls = app.uploads.urls;
  const me = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;

  r.post(
    '/claims',
    {
      schema: {
        tags,
        security,
        summary:
          "Open a claim about an own parcel (lost: in transit past its date or marked missing; damaged, contents, weight: at the branch or handed over within the admin's days); one open per parcel and kind (409)",
        body: ZOpenClaimRequest,
        response: { 201: ZClaimResponse, ...errors },
      },
      preHandler,
    },
    async (request, reply) => reply.code(201).send({ data: await claimsService.open(app.db, me(request), request.body, urls) }),
  );

  r.get(
    '/claims',
    { schema: { tags, security, summary: "The caller's claims, newest first", response: { 200: ZClaimsResponse, ...errors } }, preHandler },
    async (request) => ({ data: await claimsService.list(app.db, me(request)) }),
  );

  r.get(
    '/claims/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A claim with its steps and the evidence it gathered (weights, declaration, cap, photos by signed address, history)',
        params: ZClaimParams,
        response: { 200: ZClaimResponse, ...errors },
      },
      preHandler,
    },
    async (request) => ({ data: await claimsService.get(app.db, me(request), request.params.id, urls) }),
  );

  r.post(
    '/claims/:id/photos',
    {
      schema: {
        tags,
        security,
        summary: `Add photos (multipart "photos") to an undecided claim, at most ${MAX_CLAIM_PHOTOS} in all`,
        consumes: ['multipart/form-data'],
        params: ZClaimParams,
        response: { 200: ZClaimResponse, ...errors },
      },
      preHandler,
    },
    async (request) => {
      // The claim is checked before anything is stored, so someone else's id stores nothing.
      await claimsService.get(app.db, me(request), request.params.id, urls);
      const stored = await storeUploadedPhotos(app.uploads, request, 'claims');
      try {
        return { data: await claimsService.addPhotos(app.db, me(request), request.params.id, stored, urls) };
      } catch (error) {
        await app.uploads.removePhotos(stored);
        throw error;
      }
    },
  );

  r.post(
    '/claims/:id/message',
    {
      schema: {
        tags,
        security,
        summary: 'Answer staff or add a word to a claim that is not final',
        params: ZClaimParams,
        body: ZClaimMessageRequest,
        response: { 200: ZClaimResponse, ...errors },
      },
      preHandler,
    },
    async (request) => ({ data: await claimsService.reply(app.db, me(request), request.params.id, request.body.text, urls) }),
  );
}
