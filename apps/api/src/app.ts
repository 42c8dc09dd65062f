import { accountDeletionRoutes } from './modules/users/account-deletion-routes';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { EMBED_ORIGINS, isPagePath } from '@portal/contract';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { withTextRule } from '@portal/contract';
import type { ZodType } from 'zod';
import type { AppConfig } from './config/env';
import type { Database } from './db/client';
import { AppError } from './lib/app-error';
import { adminArea } from './modules/admin/admin-area';
import { errorMessage } from './lib/error-messages';
import { logSafeError, logSafeRequest } from './lib/log-safety';
import { createResponseSerializerCompiler } from './lib/response-serializer';
import { requestLang } from './lib/request-lang';
import { createAuthService } from './modules/auth/auth-service';
import { authRoutes } from './modules/auth/auth-routes';
import { invitationRoutes } from './modules/auth/invitation-routes';
import { invitationsPlugin } from './modules/auth/invitations';
import { createTelegramAuth } from './modules/auth/telegram-auth';
import { telegramAuthRoutes } from './modules/auth/telegram-auth-routes';
import { onlinePaymentsPlugin } from './modules/online-payments/online-payments-plugin';
import { reconciliationPlugin } from './modules/online-payments/reconciliation-plugin';
import { dutiesPlugin } from './modules/duties/duties-plugin';
import { dutiesRoutes } from './modules/duties/duties-routes';
import { onlinePaymentsRoutes } from './modules/online-payments/online-payments-routes';
import { paymentCallbacksRoutes } from './modules/online-payments/callbacks/callbacks-routes';
import { createCodesService } from './modules/auth/codes-service';
import { TokenService } from './modules/auth/tokens';
import { brandRoutes } from './modules/brand/brand-routes';
import { branchesRoutes } from './modules/branches/branches-routes';
import { chinaAddressRoutes } from './modules/china-address/china-address-routes';
import { claimsRoutes } from './modules/claims/claims-routes';
import { doorDeliveryRoutes } from './modules/door-delivery/door-delivery-routes';
import { countriesRoutes } from './modules/countries/countries-routes';
import { faqsRoutes } from './modules/faqs/faqs-routes';
import { healthRoutes } from './modules/health/health-routes';
import { lessonsRoutes } from './modules/lessons/lessons-routes';
import { marketplacesRoutes } from './modules/marketplaces/marketplaces-routes';
import { staffArea } from './modules/manage/staff-area';
import { newsRoutes } from './modules/news/news-routes';
import { notificationsRoutes } from './modules/notifications/notifications-routes';
import { ordersRoutes } from './modules/orders/orders-routes';
import { publicTrackingRoutes } from './modules/orders/public-tracking-routes';
import { qrRoutes } from './modules/qr/qr-routes';
import { tracksRoutes } from './modules/tracks/tracks-routes';
import { declarationsRoutes } from './modules/declarations/declarations-routes';
import { paymentsRoutes } from './modules/payments/payments-routes';
import { reportsRoutes } from './modules/reports/reports-routes';
import { prohibitedItemsRoutes } from './modules/prohibited-items/prohibited-items-routes';
import { QrTokenService } from './modules/qr/qr-token';
import { trustedPlugin, trustedRoutes } from './modules/trusted/trusted-routes';
import { receiptsRoutes } from './modules/receipts/receipts-routes';
import { settingsRoutes } from './modules/settings/settings-routes';
import { supportsRoutes } from './modules/supports/supports-routes';
import { uploadsRoutes } from './modules/uploads/uploads-routes';
import { usersRoutes } from './modules/users/users-routes';
import { weightsRoutes } from './modules/weights/weights-routes';
import { pickupSlotsRoutes } from './modules/pickup-slots/pickup-slots-routes';
import { pickupRemindersPlugin } from './modules/pickup-slots/pickup-reminders';
import { authPlugin } from './modules/auth/auth-plugin';
import { dbPlugin } from './plugins/db';
import { errorHandlerPlugin } from './plugins/error-handler';
import { etagPlugin } from './plugins/etag';
import { metricsPlugin } from './plugins/metrics';
import { openapiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limits';
import { securityHeadersPlugin } from './plugins/security-headers';
import { redisPlugin } from './plugins/redis';
import { createSmsDriver, smsPlugin, type SmsDriver } from './plugins/sms';
import { createStorage, mediaImageOrigin, storagePlugin } from './modules/uploads/storage-plugin';
import type { ObjectStorage } from './modules/uploads/storage';
import { notificationsPlugin } from './modules/notifications/notifications-plugin';
import { pushRoutes } from './modules/notifications/push-routes';
import { storageRemindersPlugin } from './modules/parcels/storage-reminders-plugin';
import { broadcastsPlugin } from './modules/broadcasts/broadcasts-plugin';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** Close the database when the app closes (the server does; tests may share one). */
  closeDatabase?: boolean;
  sms?: SmsDriver;
  /** Requests a client address may make to a credential call (login, codes …) per minute (default: the configuration's). */
  authRateLimitPerMinute?: number;
  logger?: boolean;
  /** Where uploads are stored (default: the one the configuration names). */
  storage?: ObjectStorage;
  /** Where log lines go instead of stdout (tests read them to prove no secret is logged). */
  logStream?: NodeJS.WritableStream;
}

/** Request bodies above this are refused with 413 (uploads have their own limit). */
export const BODY_LIMIT_BYTES = 256 * 1024;
/** Answers smaller than this go uncompressed (the headers would eat the saving). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * TRUST_PROXY as Fastify takes it. A hop count trusts that many addresses from the right of the chain
 * (socket, then X-Forwarded-For right to left), whoever they are: Fastify itself refuses plain numbers, so
 * it is spelt as proxy-addr's `(address, index) => index < hops`. Lists of addresses/CIDRs pass as they are.
 */
function trustProxyOption(trust: AppConfig['trustProxy']): false | string[] | ((address: string, index: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, index) => index < trust;
}

/**
 * One log line per request, written when it is answered, with the request (its query's values left out), the
 * status and the time, instead of Fastify's two ("incoming request" and "request completed"): at LOG_LEVEL=info
 * the second line cost about a tenth of a small request's CPU (bench/results/server-cost.md).
 * The line goes through a logger without the redaction paths (`lineLogger`, set once the app's logger exists):
 * it carries only the request id, the method, address, host and client address (query values left out by
 * `logSafeRequest`), the status and the time, none of which a redaction path names, and the redaction's copy of
 * every line cost about 8 µs a request, a fifth of a bare route. A failed request's line keeps the redaction.
 */
class OneLinePerRequest extends LogController {
  lineLogger: FastifyBaseLogger | null = null;
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else if (this.lineLogger)
      this.lineLogger.info({ reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * The CSP sources of the inline scripts of a page (`'sha256-…'` of each `<script>` without src): the web app's
 * index.html applies the stored theme before its first paint inline, so the page waits for no script file first.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || !body.trim()) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** A browser asking for a page (not the API, not a script fetching JSON); HEAD answers as GET does, without the body. */
function wantsPage(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  const read = request.method === 'GET' || request.method === 'HEAD';
  return read && !request.url.startsWith('/api') && (accept.includes('text/html') || accept.includes('*/*') || !accept);
}

/** Builds the whole API (and the web app's static files when built): external plugins → app plugins → routes. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const webIndexPath = join(resolve(config.webDist ?? join(dirname(fileURLToPath(import.meta.url)), '../../web/dist')), 'index.html');
  const webIndexHtml = existsSync(webIndexPath) ? readFileSync(webIndexPath, 'utf8') : null;
  const requestLines = new OneLinePerRequest();
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            // Failed queries are logged without their values, requests without their query's values (ADR 012).
            // (typed loosely: Fastify's types want its own request and error types, which these read a part of)
            serializers: { err: logSafeError, req: logSafeRequest } as never,
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers.cookie',
                '*.password',
                '*.password_confirmation',
                '*.code',
                '*.verification_token',
                '*.token',
                // Branches' merchant credentials (ADR 077): the admin's save and anything holding a driver's keys.
                '*.credentials',
                '*.*.credentials',
              ],
              censor: '[redacted]',
            },
            ...(opts.logStream
              ? { stream: opts.logStream }
              : config.isProduction
                ? {}
                : {
                    transport: {
                      target: 'pino-pretty',
                      options: { colorize: true, singleLine: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
                    },
                  }),
          },
    logController: requestLines,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A malformed address (`/%`) of a page is the app's not-found page with 404, never raw JSON.
    frameworkErrors: (error, request, rawReply) => {
      const reply = rawReply as unknown as FastifyReply;
      const page = error.code === 'FST_ERR_BAD_URL' && webIndexHtml && wantsPage(request);
      if (page)
        return void reply
          .code(404)
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(app.lastAppPage(requestLang(request)));
      return void reply.code(400).send({ message: errorMessage('bad_request', requestLang(request)), code: 'bad_request' });
    },
    ajv: { customOptions: { removeAdditional: false } },
  });
  // The request lines' logger: the app's, without the redaction paths (see OneLinePerRequest).
  if (opts.logger !== false) requestLines.lineLogger = app.log.child({}, { redact: [] } as never);
  // Every request schema (body, query, params) goes through the contract's one text rule first:
  // control characters are refused per field with 422, never reach the database.
  app.setValidatorCompiler<ZodType>((route) => validatorCompiler({ ...route, schema: withTextRule(route.schema) }));
  // Answers: a serializer compiled per route from the contract's schema, zod's parse where it cannot be (ADR 065);
  // outside production each answer is also written by zod's and the two compared.
  app.setSerializerCompiler(createResponseSerializerCompiler({ verify: !config.isProduction }));

  // An empty body with a JSON content type is no body (POSTs without payload), not an error.
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || body === undefined) return done(null, undefined);
    defaultJson(request, body as string, done);
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // External plugins.
  // Built once at start (@fastify/helmet built helmet's middleware again for every request).
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The built index.html's inline scripts (the theme and language before the first paint), by their hash.
        scriptSrc: ["'self'", ...inlineScriptHashes(webIndexHtml ?? '')],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Private photos come presigned from the store (ADR 097): its origin when it is plain http (development).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...[mediaImageOrigin(config)].filter((o) => o !== null)],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        // Lesson videos: exactly the players the contract's video rule turns links into.
        frameSrc: [...EMBED_ORIGINS],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        // Telegram Web (web.telegram.org) shows a Mini App in a frame (ADR 078): allowed there when the portal has a
        // bot, nowhere else (the apps on phones and desktops open it in a web view, not a frame).
        frameAncestors: config.telegram ? ["'self'", 'https://web.telegram.org'] : ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, {
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    credentials: false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Accept-Language'],
    exposedHeaders: ['Retry-After', 'ETag', 'x-request-id'],
    maxAge: 600,
  });
  // JSON (and any other compressible answer) above 1 KiB in brotli or gzip. Brotli at quality 4 costs
  // about what gzip does and still saves more; the built web app is compressed once at build time.
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(redisPlugin, { url: config.redisUrl });
  const tokens = new TokenService(config.jwtSecret);
  await app.register(rateLimitPlugin, { tokens, perMinute: config.rateLimits.perMinute });

  // App plugins.
  await app.register(errorHandlerPlugin);
  await app.register(etagPlugin);
  await app.register(openapiPlugin);
  await app.register(dbPlugin, { database: opts.database, closeOnShutdown: opts.closeDatabase ?? true });
  await app.register(metricsPlugin, { token: config.metricsToken });
  await app.register(storagePlugin, { storage: opts.storage ?? createStorage(config), secret: config.jwtSecret });
  await app.register(smsPlugin, { driver: opts.sms ?? createSmsDriver(config) });
  await app.register(notificationsPlugin, { config });
  await app.register(storageRemindersPlugin, { config });
  await app.register(pickupRemindersPlugin, { config });
  await app.register(broadcastsPlugin, { config });
  await app.register(authPlugin, { tokens, sessionCache: config.sessionCache });
  await app.register(invitationsPlugin, { publicUrl: config.publicUrl });
  await app.register(onlinePaymentsPlugin, { config });
  await app.register(reconciliationPlugin, { config });
  await app.register(dutiesPlugin, { config });
  app.decorate('qr', new QrTokenService(config.jwtSecret));
  await app.register(trustedPlugin, { secret: config.jwtSecret, publicUrl: config.publicUrl });

  // Routes, all under /api.
  const codes = createCodesService({ db: app.db, sms: app.sms, secret: config.jwtSecret });
  const auth = createAuthService({ db: app.db, tokens, codes });
  const authLimit = opts.authRateLimitPerMinute ?? config.rateLimits.authPerAddressPerMinute;
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, { auth, codes, rateLimitPerMinute: authLimit });
      const telegramAuth = createTelegramAuth({
        db: app.db,
        auth,
        codes,
        sms: app.sms,
        botToken: config.telegram?.token ?? null,
        maxAgeSeconds: config.telegram?.initDataMaxAgeSeconds ?? 3600,
      });
      await api.register(telegramAuthRoutes, { telegramAuth, rateLimitPerMinute: authLimit });
      await api.register(invitationRoutes, { rateLimitPerMinute: authLimit });
      await api.register(usersRoutes);
      await api.register(accountDeletionRoutes, { codes, rateLimitPerMinute: authLimit });
      await api.register(notificationsRoutes);
      await api.register(pushRoutes);
      await api.register(countriesRoutes);
      await api.register(settingsRoutes);
      await api.register(branchesRoutes);
      await api.register(ordersRoutes);
      await api.register(publicTrackingRoutes);
      await api.register(tracksRoutes);
      await api.register(declarationsRoutes);
      await api.register(qrRoutes);
      await api.register(trustedRoutes);
      await api.register(marketplacesRoutes);
      await api.register(prohibitedItemsRoutes);
      await api.register(newsRoutes);
      await api.register(faqsRoutes);
      await api.register(lessonsRoutes);
      await api.register(supportsRoutes);
      await api.register(claimsRoutes);
      await api.register(doorDeliveryRoutes);
      await api.register(chinaAddressRoutes);
      await api.register(staffArea);
      await api.register(receiptsRoutes);
      await api.register(paymentsRoutes);
      await api.register(weightsRoutes);
      await api.register(pickupSlotsRoutes);
      await api.register(onlinePaymentsRoutes, { publicUrl: config.publicUrl });
      await api.register(paymentCallbacksRoutes);
      await api.register(dutiesRoutes);
      await api.register(adminArea, { prefix: '/admin' });
      await api.register(reportsRoutes);
    },
    { prefix: '/api' },
  );

  // Uploads (parcel photos, logos, news and lesson images), read-only, from the configured storage.
  await app.register(uploadsRoutes);

  // The built web app, with the SPA's index.html for every other GET.
  // apps/api/src/app.ts and apps/api/dist/server.js both sit two levels below apps/.
  const webDist = resolve(config.webDist ?? join(dirname(fileURLToPath(import.meta.url)), '../../web/dist'));
  const hasWeb = existsSync(join(webDist, 'index.html'));
  // index.html, the manifest, its icons and the legal pages carry the carrier's brand from the settings (ADR 068).
  await app.register(brandRoutes, { webDist, template: webIndexHtml });
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // Served by brandRoutes with the settings filled in, never as built.
      globIgnore: ['index.html*', 'manifest.webmanifest*', 'legal/**'],
      // The build wrote file.br and file.gz beside each text file; send those to browsers that take them.
      preCompressed: true,
      setHeaders: (reply, path) => {
        // Hashed file names under /assets/ never change content: cache a year. Everything else (index.html,
        // sw.js, the manifest, boot.js) is asked again each time, so a new release is seen at once.
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (hasWeb && wantsPage(request)) {
      // The app's pages (the shared route manifest) answer 200; any other address 404, still with the
      // app, so a person sees the not-found page and a crawler or monitor sees the 404.
      const path = request.url.split('?')[0] ?? '/';
      return app.sendAppPage(request, reply, isPagePath(path) ? 200 : 404);
    }
    throw new AppError('route_not_found');
  });

  return app;
}
