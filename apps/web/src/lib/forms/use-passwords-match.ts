import { useEffect } from 'react';
import type { Path, UseFormReturn } from 'react-hook-form';
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
