import { useEffect } from 'react';
import type { FieldValues, Path, Resolver, UseFormReturn } from 'react-hook-form';
import { MSG } from '@portal/contract';

type PasswordPair = { password: string; password_confirmation: string };

/**
 * "Passwords must match" as soon as both fields hold something, not only on submit; the message
 * goes away the moment they match.
 */
export function usePasswordsMatch<T extends PasswordPair>(
  form: Pick<UseFormReturn<T>, 'watch' | 'setError' | 'clearErrors' | 'getFieldState'>,
) {
  const { watch, setError, clearErrors, getFieldState } = form;
  const typed = watch as unknown as (names: ['password', 'password_confirmation']) => [string | undefined, string | undefined];
  const [password, confirmation] = typed(['password', 'password_confirmation']);
  useEffect(() => {
    const name = 'password_confirmation' as Path<T>;
    const current = getFieldState(name).error;
    if (password && confirmation && password !== confirmation) {
      if (current?.message !== MSG.passwordsMustMatch) setError(name, { type: 'match', message: MSG.passwordsMustMatch });
    } else if (current?.message === MSG.passwordsMustMatch) {
      clearErrors(name);
    }
  }, [password, confirmation, setError, clearErrors, getFieldState]);
}

/**
 * The form's resolver with the mismatch added whatever else is wrong: zod leaves out an object's refinements while
 * any field fails, and the resolver's answer replaces the errors on submit, so "Passwords must match" stayed hidden
 * until every other field was right (specification §5 wants it at once, beside the others).
 */
export function withPasswordsMatch<T extends FieldValues & PasswordPair, C, O extends FieldValues>(
  resolver: Resolver<T, C, O>,
): Resolver<T, C, O> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const mismatch = values.password && values.password_confirmation && values.password !== values.password_confirmation;
    if (!mismatch || (result.errors as Record<string, unknown>).password_confirmation) return result;
    return {
      values: {},
      errors: { ...result.errors, password_confirmation: { type: 'match', message: MSG.passwordsMustMatch } },
    } as unknown as Awaited<ReturnType<Resolver<T, C, O>>>;
  };
}
