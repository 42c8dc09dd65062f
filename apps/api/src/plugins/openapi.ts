import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { openapiComponents, operationIdOf } from '@portal/contract/openapi-components';

const toOpenapi = createJsonSchemaTransform({ schemaRegistry: openapiComponents });
const withComponents = createJsonSchemaTransformObject({ schemaRegistry: openapiComponents });

/** The document with only the components something references (each shared schema is written for input and output). */
function withoutUnusedComponents<T extends { components?: { schemas?: Record<string, unknown> } }>(doc: T): T {
  const schemas = doc.components?.schemas ?? {};
  const referenced = (value: unknown) => [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
  const used = new Set(referenced({ ...doc, components: { ...doc.components, schemas: {} } }));
  for (const name of used) for (const inner of referenced(schemas[name])) used.add(inner); // a Set visits what is added
  return {
    ...doc,
    components: { ...doc.components, schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))) },
  };
}

/**
 * OpenAPI generated from the routes' zod schemas, with the interactive page at /api/docs. Every operation has an
 * `operationId` (the route's own, else `operationIdOf` its method and path) and the contract's shared schemas are
 * components referenced by `$ref` (`openapiComponents`), so a generated client is usable.
 */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Cargo portal API',
        description:
          'Customer, staff and content API of the parcel-forwarding portal. Success answers are `{ data }` (pages add `meta`); errors are `{ message, code, errors? }` in the Accept-Language of the request (kk, ru, en).',
        version: '1.0.0',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: (input) => {
      const out = toOpenapi(input);
      const method = [input.route.method].flat()[0] ?? 'get';
      if (out.schema && !out.schema.hide) (out.schema as { operationId?: string }).operationId ??= operationIdOf(method, input.url);
      return out;
    },
    transformObject: (input) => withoutUnusedComponents(withComponents(input) as never),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, persistAuthorization: true },
  });
});
