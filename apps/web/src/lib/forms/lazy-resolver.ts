import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export type LazyResolver<TIn extends FieldValues, TOut> = Resolver<TIn, unknown, TOut> & {
  /** Starts loading the schema and zod (the form calls it on the first key or tap: fields that focus themselves do not count). */
  preload: () => void;
};

/**
 * A react-hook-form resolver whose zod schema (and zod itself, ~25 KB gzipped) loads on the first
 * validation or the first key or tap instead of with the page: the sign-in pages render without the validation
 * library, so /auth stays inside its JavaScript budget however many schemas the contract grows.
 * `load` is a dynamic import of the contract module that holds the schema.
 */
export function lazyZodResolver<TIn extends FieldValues, TOut = TIn>(load: () => Promise<z.ZodType<TOut, TIn>>): LazyResolver<TIn, TOut> {
  let ready: Promise<Resolver<TIn, unknown, TOut>> | null = null;
  const get = () =>
    (ready ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema as never) as unknown as Resolver<TIn, unknown, TOut>,
    ));
  const resolver = (async (values, context, options) => (await get())(values, context, options)) as LazyResolver<TIn, TOut>;
  resolver.preload = () => void get();
  return resolver;
}
