import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCreateFlightRequest,
  ZDelayFlightRequest,
  ZDelayFlightResponse,
  ZFlightDetailsQuery,
  ZFlightDetailsResponse,
  ZFlightListResponse,
  ZFlightParams,
  ZFlightResponse,
  IMPORT_MAX_BYTES,
  MANAGE_WORKS,
  MAX_PARCEL_PHOTOS,
  MAX_PHOTO_BYTES,
  pageMeta,
  pickText,
  ZArriveRequest,
  ZArriveResponse,
  ZAssignDisputeParams,
  ZAssignDisputeRequest,
  ZAssignDisputeResponse,
  ZReleaseDisputeParams,
  ZReleaseDisputeRequest,
  ZReleaseDisputeResponse,
  ZAssignParams,
  ZDisputesQuery,
  ZDisputesResponse,
  ZAssignUnclaimedRequest,
  ZAssignUnclaimedResponse,
  ZCompleteOrdersRequest,
  ZCompleteOrdersResponse,
  ZCustomerDetailResponse,
  ZCustomerParams,
  ZDispatchListQuery,
  ZDispatchListResponse,
  ZDispatchRequest,
  ZDispatchResponse,
  ZErrorBody,
  ZFindCustomersQuery,
  ZFindCustomersResponse,
  ZFindParcelQuery,
  ZHandoverLookupRequest,
  ZHandoverLookupResponse,
  ZImportCommitResponse,
  ZImportDetailResponse,
  ZImportParams,
  ZImportPreviewResponse,
  ZImportRowsQuery,
  ZManageContextResponse,
  ZParcelDetailResponse,
  ZReceiveParcelRequest,
  ZReceiveParcelResponse,
  ZUnclaimedQuery,
  ZUnclaimedResponse,
  ZUploadPhotosResponse,
  sniffPhoto,
  toMajor,
  type TManageBranch,
  type TPhotoKind,
  type TManageWork,
} from '@portal/contract';
import { asc, eq } from 'drizzle-orm';
import { branches } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { requestLang } from '../../lib/request-lang';
import { authOf } from '../auth/auth-plugin';
import { auditActorOf } from '../audit/audit';
import { arrivalService } from './arrival-service';
import { dispatchService } from './dispatch-service';
import { disputesService } from './disputes-service';
import { findService } from './find-service';
import { handoverService } from './handover-service';
import { parseSpreadsheet } from './import-parse';
import { importService } from './import-service';
import { flightService } from './flight-service';
import {
  assertWarehouse,
  flightScopeOf,
  resolveFlightScope,
  resolveWorkBranch,
  setFlightScope,
  setWorkBranch,
  workBranchOf,
} from './manage-access';
import { parcelPhotoReferences } from './photo-references';
import { receiveService } from './receive-service';
import { unclaimedService } from './unclaimed-service';

const errors = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 413: ZErrorBody, 422: ZErrorBody };
const security = [{ bearer: [] }];

/** Multipart failures (too big, too many files, not multipart at all) → the feature's clear 4xx. */
function multipartError(error: unknown, code: 'photo_invalid' | 'import_file_invalid'): AppError {
  if (error instanceof AppError) return error;
  const c = (error as { code?: string }).code ?? '';
  if (c === 'FST_REQ_FILE_TOO_LARGE') return new AppError('payload_too_large');
  return new AppError(code);
}

/**
 * Staff work at /manage. Every route: signed in as staff or admin (customers 403), then the place rule of
 * manage-access (warehouse works for China warehouse staff, branch works for that branch's staff; admins all).
 */
export async function manageRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: {
      fileSize: IMPORT_MAX_BYTES,
      files: MAX_PARCEL_PHOTOS,
      fields: 4,
      parts: MAX_PARCEL_PHOTOS + 4,
      fieldSize: 1024,
      headerPairs: 50,
    },
    throwFileSizeLimit: true,
  });
  app.uploads.registerReferences('parcels', parcelPhotoReferences);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = app.requireRole('staff', 'admin');
  // The place rules, once, before any handler runs (manage-access).
  const warehouseOnly = [staffOnly, async (request: FastifyRequest) => assertWarehouse(authOf(request).user)];
  const branchWork = [
    staffOnly,
    async (request: FastifyRequest) =>
      setWorkBranch(
        request,
        await resolveWorkBranch(app.db, authOf(request).user, (request.body as { branch_id?: number } | undefined)?.branch_id),
      ),
  ];
  // Flights: branch staff see their own branch's share; the warehouse and admins every flight (or a named branch's).
  const flightScope = [
    staffOnly,
    async (request: FastifyRequest) =>
      setFlightScope(
        request,
        await resolveFlightScope(app.db, authOf(request).user, (request.query as { branch_id?: number } | undefined)?.branch_id),
      ),
  ];
  const tags = ['manage'];
  const ctx = (request: FastifyRequest) => {
    const { user } = authOf(request);
    // Every work's actor carries the audit actor: each parcel transition writes its audit row in its transaction.
    return { user, lang: requestLang(request), actor: { userId: user.id, ip: request.ip, audit: auditActorOf(request) } };
  };

  r.get(
    '/manage/context',
    {
      schema: {
        tags,
        summary: "The caller's place, the works it allows, and all branches",
        security,
        response: { 200: ZManageContextResponse, ...errors },
      },
      preHandler: staffOnly,
    },
    async (request) => {
      const { user, lang } = ctx(request);
      const rows = await app.db
        .select()
        .from(branches)
        .where(eq(branches.isActive, true))
        .orderBy(asc(branches.countryId), asc(branches.position), asc(branches.id));
      const list: TManageBranch[] = rows.map((b) => ({
        id: b.id,
        name: pickText(b.name, lang),
        country_id: b.countryId,
        tariff: toMajor(b.tariff),
        currency: b.currency,
      }));
      let works: TManageWork[] = ['find'];
      if (user.role === 'admin') works = [...MANAGE_WORKS];
      else if (user.placeKind === 'china_warehouse') works = ['receive', 'import', 'unclaimed', 'disputes', 'dispatch', 'find'];
      else if (user.placeKind === 'branch' && user.placeBranchId) works = ['arrival', 'handover', 'close_day', 'reports', 'find'];
      return {
        data: {
          role: user.role === 'admin' ? ('admin' as const) : ('staff' as const),
          place: user.role === 'admin' || !user.placeKind ? null : { kind: user.placeKind, branch_id: user.placeBranchId ?? null },
          place_branch:
            user.role === 'staff' && user.placeKind === 'branch' ? (list.find((b) => b.id === user.placeBranchId) ?? null) : null,
          works,
          branches: list,
        },
      };
    },
  );

  // 1. Receive in China.
  r.post(
    '/manage/photos',
    {
      schema: {
        tags,
        summary: 'Upload parcel photos (multipart "photos": JPEG/PNG/WebP, ≤ 5 MB each, ≤ 5)',
        security,
        consumes: ['multipart/form-data'],
        response: { 200: ZUploadPhotosResponse, ...errors },
      },
      preHandler: warehouseOnly,
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('photo_invalid');
      const files: { bytes: Buffer; kind: TPhotoKind }[] = [];
      try {
        for await (const part of request.files({ limits: { fileSize: MAX_PHOTO_BYTES, files: MAX_PARCEL_PHOTOS } })) {
          const bytes = await part.toBuffer();
          const kind = sniffPhoto(bytes);
          if (!kind) throw new AppError('photo_invalid');
          files.push({ bytes, kind });
        }
      } catch (error) {
        throw multipartError(error, 'photo_invalid');
      }
      if (!files.length) throw new AppError('photo_invalid');
      const saved: string[] = [];
      for (const f of files) saved.push(await app.uploads.saveImage('parcels', f.bytes, f.kind));
      return { data: { photos: saved } };
    },
  );

  r.post(
    '/manage/receive',
    {
      schema: {
        tags,
        summary: 'Receive and weigh one parcel at the China warehouse',
        security,
        body: ZReceiveParcelRequest,
        response: { 200: ZReceiveParcelResponse, ...errors },
      },
      preHandler: warehouseOnly,
    },
    async (request) => {
      const { lang, actor } = ctx(request);
      const b = request.body;
      const data = await receiveService.receive(
        app.db,
        {
          trackCode: b.track_code,
          weight: b.weight,
          dimensions: b.dimensions ?? null,
          labelClientCode: b.label_client_code ?? null,
          photos: b.photos ?? [],
        },
        actor,
        lang,
      );
      return { data };
    },
  );

  // 2. Import a spreadsheet.
  r.post(
    '/manage/imports',
    {
      schema: {
        tags,
        summary: 'Upload an .xlsx or .csv of received parcels: the preview of every row',
        security,
        consumes: ['multipart/form-data'],
        response: { 200: ZImportPreviewResponse, ...errors },
      },
      preHandler: warehouseOnly,
    },
    async (request) => {
      const { user, actor } = ctx(request);
      if (!request.isMultipart()) throw new AppError('import_file_invalid');
      let file: { name: string; bytes: Buffer } | null = null;
      try {
        const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
        if (part) file = { name: part.filename || 'import', bytes: await part.toBuffer() };
      } catch (error) {
        throw multipartError(error, 'import_file_invalid');
      }
      if (!file || !file.bytes.length) throw new AppError('import_file_invalid');
      const raw = await parseSpreadsheet(file.name, file.bytes);
      return { data: await importService.preview(app.db, user, file.name, raw, actor) };
    },
  );

  r.get(
    '/manage/imports/:id',
    {
      schema: {
        tags,
        summary: 'An import: summary and a page of its rows (filter by outcome)',
        security,
        params: ZImportParams,
        querystring: ZImportRowsQuery,
        response: { 200: ZImportDetailResponse, ...errors },
      },
      preHandler: warehouseOnly,
    },
    async (request) => {
      const { user, lang } = ctx(request);
      const q = request.query;
      const perPage = q['filters[per_page]'];
      const page = q['filters[page]'];
      const found = await importService.detail(app.db, user, request.params.id, { page, perPage, outcome: q.outcome }, lang);
      return { data: { ...found.summary, rows: found.rows }, meta: pageMeta(page, perPage, found.total) };
    },
  );

  r.post(
    '/manage/imports/:id/commit',
    {
      schema: {
        tags,
        summary: 'Apply every valid row of an import in one transaction',
        security,
        params: ZImportParams,
        response: { 200: ZImportCommitResponse, ...errors },
      },
      preHandler: warehouseOnly,
    },
    async (request) => {
      const { user, actor } = ctx(request);
      return { data: await importService.commit(app.db, user, request.params.id, actor) };
    },
  );

  // 3. Unclaimed parcels.
  r.get(
    '/manage/unclaimed',
    {
      schema: {
        tags,
        summary: 'Unclaimed parcels, newest first; q is part of the tracking code',
        security,
        querystring: ZUnclaimedQuery,
        response: { 200: ZUnclaimedResponse, ...errors },
      },
      preHandler: warehouseOnly,
    },
    async (request) => {
      const { lang } = ctx(request);
      const q = request.query;
      const page = q['filters[page]'];
      const perPage = q['filters[per_page]'];
      const { items, total } = await unclaimedService.list(app.db, q.q, page, perPage, lang);
      return { data: items, meta: pageMeta(page, perPage, total) };
    },
  );

  r.post(
    '/manage/unclaimed/:id/assign',
    {
      schema: {
        tags,
        summary: 'Assign an unclaimed parcel to a customer (phone number or client code)',
        security,
        params: ZAssignParams,
        body: ZAssignUnclaimedRequest,
        response: { 200: ZAssignUnclaimedResponse, ...errors },
      },
      preHandler: warehouseOnly,
    },
    async (request) => {
      const { lang, actor } = ctx(request);
      return {
        data: await unclaimedService.assign(app.db, app.qr, request.params.id, request.body.customer, { ...actor, branchId: null }, lang),
      };
    },
  );

  // 3b. Disputed parcels (ADR 021): several customers saved the code; staff check and assign one of them.
  r.get(
    '/manage/disputes',
    {
      schema: {
        tags,
        summary: 'Parcels held as disputed, oldest first, each with the customers who saved its code; q is part of the tracking code',
        security,
        querystring: ZDisputesQuery,
        response: { 200: ZDisputesResponse, ...errors },
      },
      preHandler: warehouseOnly,
    },
    async (request) => {
      const { lang } = ctx(request);
      const q = request.query;
      const page = q['filters[page]'];
      const perPage = q['filters[per_page]'];
      const { items, total } = await disputesService.list(app.db, q.q, page, perPage, lang);
      return { data: items, meta: pageMeta(page, perPage, total) };
    },
  );

  r.post(
    '/manage/disputes/:id/assign',
    {
      schema: {
        tags,
        summary: 'Give a disputed parcel to one of its savers after checking, with a note (422 dispute_not_saver, 409 dispute_resolved)',
        security,
        params: ZAssignDisputeParams,
        body: ZAssignDisputeRequest,
        response: { 200: ZAssignDisputeResponse, ...errors },
      },
      preHandler: warehouseOnly,
    },
    async (request) => {
      const { lang, actor } = ctx(request);
      return {
        data: await disputesService.assign(
          app.db,
          request.params.id,
          request.body.user_id,
          request.body.note,
          { ...actor, branchId: null },
          lang,
        ),
      };
    },
  );

  r.post(
    '/manage/disputes/:id/release',
    {
      schema: {
        tags,
        summary:
          'Release a disputed parcel nobody saves any more to the unclaimed parcels, with a note (422 dispute_has_savers, 409 dispute_resolved)',
        security,
        params: ZReleaseDisputeParams,
        body: ZReleaseDisputeRequest,
        response: { 200: ZReleaseDisputeResponse, ...errors },
      },
      preHandler: warehouseOnly,
    },
    async (request) => {
      const { lang, actor } = ctx(request);
      return {
        data: await disputesService.release(app.db, request.params.id, request.body.note, { ...actor, branchId: null }, lang),
      };
    },
  );

  // 4. Dispatch.
  r.get(
    '/manage/dispatch',
    {
      schema: {
        tags,
        summary: 'Parcels at the China warehouse ready to dispatch (owned), oldest first',
        security,
        querystring: ZDispatchListQuery,
        response: { 200: ZDispatchListResponse, ...errors },
      },
      preHandler: warehouseOnly,
    },
    async (request) => {
      const { lang } = ctx(request);
      const q = request.query;
      const page = q['filters[page]'];
      const perPage = q['filters[per_page]'];
      const { items, total } = await dispatchService.list(app.db, { q: q.q, branch_id: q.branch_id }, page, perPage, lang);
      return { data: items, meta: pageMeta(page, perPage, total) };
    },
  );

  r.post(
    '/manage/dispatch',
    {
      schema: {
        tags,
        summary: 'Move selected, scanned or all matching parcels to in_transit in one step',
        security,
        body: ZDispatchRequest,
        response: { 200: ZDispatchResponse, ...errors },
      },
      preHandler: warehouseOnly,
    },
    async (request) => {
      const { lang, actor } = ctx(request);
      const b = request.body;
      return {
        data: await dispatchService.dispatch(
          app.db,
          { orderIds: b.order_ids, trackCodes: b.track_codes, allMatching: b.all_matching, flightId: b.flight_id },
          actor,
          lang,
        ),
      };
    },
  );

  // 4b. Flights: dispatch puts parcels on one; branches open it at arrival; delays tell customers once.
  r.post(
    '/manage/flights',
    {
      schema: {
        tags,
        summary: 'A new flight (truck, rail or air) with its expected arrival per destination branch',
        security,
        body: ZCreateFlightRequest,
        response: { 200: ZFlightResponse, ...errors },
      },
      preHandler: warehouseOnly,
    },
    async (request) => {
      const { lang, actor } = ctx(request);
      const b = request.body;
      return {
        data: await flightService.create(
          app.db,
          {
            mode: b.mode,
            carrierRef: b.carrier_ref,
            departureDate: b.departure_date,
            arrivals: b.arrivals.map((a) => ({ branchId: a.branch_id, expectedArrival: a.expected_arrival })),
          },
          actor,
          lang,
        ),
      };
    },
  );

  r.get(
    '/manage/flights',
    {
      schema: {
        tags,
        summary: 'The latest flights, newest first (branch staff: those going to their branch)',
        security,
        querystring: ZFlightDetailsQuery,
        response: { 200: ZFlightListResponse, ...errors },
      },
      preHandler: flightScope,
    },
    async (request) => ({ data: await flightService.list(app.db, flightScopeOf(request), ctx(request).lang) }),
  );

  r.get(
    '/manage/flights/:id',
    {
      schema: {
        tags,
        summary: 'A flight and its parcels for the branch: which have arrived and which are missing',
        security,
        params: ZFlightParams,
        querystring: ZFlightDetailsQuery,
        response: { 200: ZFlightDetailsResponse, ...errors },
      },
      preHandler: flightScope,
    },
    async (request) => ({
      data: await flightService.details(app.db, request.params.id, flightScopeOf(request), ctx(request).lang),
    }),
  );

  r.post(
    '/manage/flights/:id/delay',
    {
      schema: {
        tags,
        summary: "Change a flight's expected arrival with a reason: each customer with a parcel on it is told once",
        security,
        params: ZFlightParams,
        body: ZDelayFlightRequest,
        response: { 200: ZDelayFlightResponse, ...errors },
      },
      preHandler: warehouseOnly,
    },
    async (request) => {
      const { lang, actor } = ctx(request);
      const b = request.body;
      return {
        data: await flightService.delay(
          app.db,
          request.params.id,
          b.arrivals.map((a) => ({ branchId: a.branch_id, expectedArrival: a.expected_arrival })),
          b.reason,
          actor,
          lang,
        ),
      };
    },
  );

  // 5. Arrival at a branch.
  r.post(
    '/manage/arrive',
    {
      schema: {
        tags,
        summary: "Receive scanned parcels at a branch (price and storage set; another branch's parcels flagged, or taken with a reason)",
        security,
        body: ZArriveRequest,
        response: { 200: ZArriveResponse, ...errors },
      },
      preHandler: branchWork,
    },
    async (request) => {
      const { lang, actor } = ctx(request);
      const branch = workBranchOf(request);
      return {
        data: await arrivalService.arrive(
          app.db,
          branch,
          request.body.track_codes,
          request.body.accept_other_branch ? { reason: request.body.reason ?? '' } : null,
          actor,
          lang,
        ),
      };
    },
  );

  // 6. Hand over.
  r.post(
    '/manage/handover/lookup',
    {
      schema: {
        tags,
        summary: 'Find who is picking up (QR code, client code or phone) and their parcels waiting here',
        security,
        body: ZHandoverLookupRequest,
        response: { 200: ZHandoverLookupResponse, ...errors },
      },
      preHandler: branchWork,
    },
    async (request) => {
      const { lang } = ctx(request);
      const branch = workBranchOf(request);
      return { data: await handoverService.lookup(app.db, app.qr, branch, request.body.customer, lang) };
    },
  );

  r.post(
    '/orders/complete',
    {
      schema: {
        tags,
        summary: "Hand over a customer's parcels at this branch: delivered, receipt, notification",
        security,
        body: ZCompleteOrdersRequest,
        response: { 200: ZCompleteOrdersResponse, ...errors },
      },
      preHandler: branchWork,
    },
    async (request) => {
      const { lang, actor } = ctx(request);
      const b = request.body;
      const branch = workBranchOf(request);
      return {
        data: await handoverService.complete(
          app.db,
          branch,
          {
            customerId: b.customer_id,
            orderIds: b.order_ids,
            paymentMethod: b.payment_method,
            payments: b.payments,
            acceptDebt: b.accept_debt,
          },
          actor,
          lang,
        ),
      };
    },
  );

  // 7. Find.
  r.get(
    '/manage/customers',
    {
      schema: {
        tags,
        summary: 'Find customers by phone number, client code or name',
        security,
        querystring: ZFindCustomersQuery,
        response: { 200: ZFindCustomersResponse, ...errors },
      },
      preHandler: staffOnly,
    },
    async (request) => {
      const { lang } = ctx(request);
      return { data: await findService.customers(app.db, request.query.q, lang) };
    },
  );

  r.get(
    '/manage/customers/:id',
    {
      schema: {
        tags,
        summary: 'One customer with their latest parcels',
        security,
        params: ZCustomerParams,
        response: { 200: ZCustomerDetailResponse, ...errors },
      },
      preHandler: staffOnly,
    },
    async (request) => {
      const { lang } = ctx(request);
      return { data: await findService.customer(app.db, request.params.id, lang) };
    },
  );

  r.get(
    '/manage/parcel',
    {
      schema: {
        tags,
        summary: 'One parcel by tracking code with its history (who, what, when, where from)',
        security,
        querystring: ZFindParcelQuery,
        response: { 200: ZParcelDetailResponse, ...errors },
      },
      preHandler: staffOnly,
    },
    async (request) => {
      const { lang } = ctx(request);
      return { data: await findService.parcel(app.db, request.query.code, lang) };
    },
  );
}
