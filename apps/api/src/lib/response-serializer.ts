import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';

/**
 * Answers are written by a serializer compiled per route from the contract's response schema (ADR 065): the zod
 * schema's output JSON Schema (`z.toJSONSchema(…, { io: 'output' })`, the OpenAPI page's conversion) compiled by
 * fast-json-stringify, Fastify's own. It writes exactly the declared fields, in the schema's order, so a field the
 * contract does not name (a password hash, an internal column) never leaves, as with zod's parse; it does not run
 * the parse on every answer (auth/user's 55 notifications were a tenth of its CPU). A schema whose output JSON Schema
 * would not say what zod's parse writes keeps the zod serializer (parse + JSON.stringify): transforms, pipes,
 * defaults, catches, coercions, dates, custom checks, recursive or lazy schemas.
 */

type Stringify = (data: unknown) => string;

/** Zod node types whose parse writes something else than the value it was given, or that JSON Schema cannot say. */
const REWRITING = new Set([
  'transform',
  'pipe',
  'default',
  'prefault',
  'catch',
  'custom',
  'lazy',
  'promise',
  'date',
  'bigint',
  'map',
  'set',
  'symbol',
  'undefined',
  'void',
  'function',
  'nan',
]);

/** Why a schema keeps the zod serializer, or null when it compiles. */
export function notCompilable(schema: ZodType): string | null {
  let reason: string | null = null;
  try {
    const json = z.toJSONSchema(schema, {
      io: 'output',
      unrepresentable: 'throw',
      cycles: 'throw',
      reused: 'inline',
      override: ({ zodSchema }) => {
        const def = (zodSchema as unknown as { _zod: { def: { type: string; coerce?: boolean } } })._zod.def;
        if (REWRITING.has(def.type)) reason ??= def.type;
        if (def.coerce) reason ??= 'coerce';
      },
    });
    if (JSON.stringify(json).includes('"$ref"')) reason ??= '$ref';
  } catch (error) {
    reason ??= error instanceof Error ? error.message : String(error);
  }
  return reason;
}

/**
 * The JSON Schema fast-json-stringify compiles: `anyOf [X, null]` (zod's nullable) becomes `nullable` X, so no
 * validator runs to pick the branch; `additionalProperties: false` goes (fast-json-stringify writes only declared
 * properties either way), so a union branch is chosen as zod's non-strict objects choose it: extra fields do not
 * disqualify a branch, they are just not written.
 */
export function forFastJson(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forFastJson);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema' || (key === 'additionalProperties' && value === false)) continue;
    out[key] =
      key === 'properties' ? Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, forFastJson(v)])) : forFastJson(value);
  }
  const anyOf = out.anyOf as Record<string, unknown>[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullAt = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullAt];
    if (nullAt !== -1 && other && typeof other.type === 'string' && !('anyOf' in other) && !('oneOf' in other) && !('nullable' in other)) {
      const { anyOf: _dropped, ...rest } = out;
      return { ...rest, ...other, nullable: true };
    }
  }
  return out;
}

function resolveSchema(maybe: unknown): ZodType {
  if (maybe && typeof maybe === 'object' && 'properties' in maybe && (maybe as { properties: unknown }).properties instanceof z.ZodType)
    return (maybe as { properties: ZodType }).properties;
  return maybe as ZodType;
}

const zodSerializerCompiler = createSerializerCompiler({});

export interface SerializerCompilerOptions {
  /**
   * Also run the zod serializer on every answer and throw when the two differ (outside production, so every API
   * test checks the compiled serializer against zod's parse on every answer it reads).
   */
  verify?: boolean;
  /** Told which routes keep the zod serializer, and why. */
  onFallback?: (route: { method: string; url: string; status?: string }, reason: string) => void;
}

type RouteSchema = { schema: unknown; method: string; url: string; httpStatus?: string };

/**
 * An answer whose bytes a route wrote ahead from parts it keeps (GET auth/user's notification groups, ADR 067), standing
 * for `value`: the route's serializer sends the bytes as they are and, outside production, checks first that they
 * are the same JSON as its own writing of `value` (zod's parse and the compiled serializer, compared as for every
 * answer), so the kept parts stay inside the contract in every test.
 */
export class WrittenAnswer {
  constructor(
    readonly bytes: Buffer,
    readonly value: unknown,
  ) {}
}

/** Answers these bytes for `value` (see WrittenAnswer); typed as the value so the route keeps its schema's type. */
export const writtenAnswer = <T>(bytes: Buffer, value: T): T => new WrittenAnswer(bytes, value) as unknown as T;

/**
 * A serializer compiled from a part of a response schema (to write a kept fragment of an answer once): the same
 * conversion as the routes' (fast-json-stringify on the output JSON Schema), zod's parse + JSON.stringify where
 * that would not write what zod's parse writes.
 */
export function compileSerializer(schema: ZodType): Stringify {
  if (notCompilable(schema)) return (data) => JSON.stringify(schema.parse(data));
  return fastJson(forFastJson(z.toJSONSchema(schema, { io: 'output', reused: 'inline' })) as never) as Stringify;
}

/** Fastify's serializer compiler for the contract's zod response schemas (see the top of this file). */
export function createResponseSerializerCompiler(options: SerializerCompilerOptions = {}) {
  return (route: RouteSchema): Stringify => {
    const serialize = compileRoute(route);
    return (data) => {
      if (!(data instanceof WrittenAnswer)) return serialize(data);
      if (options.verify) {
        const expected = serialize(data.value);
        const written = data.bytes.toString('utf8');
        if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected)))
          throw new Error(
            `bytes written ahead for ${route.method} ${route.url} ${route.httpStatus}: ${written.slice(0, 400)} where the serializer wrote ${expected.slice(0, 400)}`,
          );
      }
      return data.bytes as unknown as string; // Fastify sends a Buffer payload as it is
    };
  };

  function compileRoute(route: RouteSchema): Stringify {
    const schema = resolveSchema(route.schema);
    const viaZod = zodSerializerCompiler(route as never) as Stringify;
    const reason = notCompilable(schema);
    if (reason) {
      options.onFallback?.({ method: route.method, url: route.url, status: route.httpStatus }, reason);
      return viaZod;
    }
    let compiled: Stringify;
    try {
      compiled = fastJson(forFastJson(z.toJSONSchema(schema, { io: 'output', reused: 'inline' })) as never) as Stringify;
    } catch (error) {
      options.onFallback?.({ method: route.method, url: route.url, status: route.httpStatus }, `fast-json-stringify: ${String(error)}`);
      return viaZod;
    }
    if (!options.verify) return compiled;
    return (data) => {
      const expected = viaZod(data);
      const written = compiled(data);
      // The same JSON: the same fields and values (an intersection's fields may come in another order).
      if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected)))
        throw new Error(
          `compiled serializer of ${route.method} ${route.url} ${route.httpStatus} wrote ${written.slice(0, 400)} where zod wrote ${expected.slice(0, 400)}`,
        );
      return written;
    };
  }
}
