import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { ErrorOption, Resolver, ResolverOptions } from 'react-hook-form';

type Errors<TIn> = Partial<Record<keyof TIn & string, string>>;

/**
 * A form of a few text fields without react-hook-form: the sign-in page's (docs/ARCHITECTURE.md, `forms/`). The library is ~13 KB of
 * gzipped script, a twelfth of what /auth may fetch (apps/web/scripts/bundle-size.mjs), for two fields. It
 * behaves as the portal's react-hook-form forms do: the same resolver (lib/forms/lazy-resolver.ts, zod loaded
 * on the first key or tap) validates on submit and, once submitted, on every change; the first field in error
 * takes the focus; `setError` has react-hook-form's signature, so lib/forms/api-errors.ts puts the API's
 * field messages under their fields. Only imports types from react-hook-form.
 */
export function useSmallForm<TIn extends Record<string, string>, TOut>({
  resolver,
  defaultValues,
}: {
  resolver: Resolver<TIn, unknown, TOut>;
  defaultValues: TIn;
}) {
  const [values, setValues] = useState<TIn>(defaultValues);
  const [errors, setErrors] = useState<Errors<TIn>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const current = useRef(values);
  const submitted = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  const validate = useCallback(
    async (input: TIn) => {
      const options = { fields: {}, shouldUseNativeValidation: false, criteriaMode: 'firstError' } as ResolverOptions<TIn>;
      const result = await resolver(input, undefined, options);
      const found: Errors<TIn> = {};
      for (const [name, error] of Object.entries(result.errors ?? {})) {
        const message = (error as { message?: unknown } | undefined)?.message;
        if (typeof message === 'string') found[name as keyof TIn & string] = message;
      }
      return { found, output: result.values as TOut };
    },
    [resolver],
  );

  const focus = (name: string) => {
    const element = formRef.current?.elements.namedItem(name);
    if (element instanceof HTMLElement) element.focus();
  };

  const setValue = (name: keyof TIn & string, value: string) => {
    const next = { ...current.current, [name]: value };
    current.current = next;
    setValues(next);
    if (submitted.current) void validate(next).then(({ found }) => setErrors(found));
  };

  /** react-hook-form's setError: a message under a field (the API's, for example), optionally focusing it. */
  const setError = (name: keyof TIn & string, error: ErrorOption, options?: { shouldFocus?: boolean }) => {
    setErrors((all) => ({ ...all, [name]: error.message ?? '' }));
    if (options?.shouldFocus) focus(name);
  };

  const handleSubmit = (onValid: (output: TOut) => Promise<void> | void) => async (event?: FormEvent) => {
    event?.preventDefault();
    submitted.current = true;
    setSubmitting(true);
    try {
      const { found, output } = await validate(current.current);
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first) {
        focus(first);
        return;
      }
      await onValid(output);
    } finally {
      setSubmitting(false);
    }
  };

  /** Props of a text input: name, value, onChange. */
  const field = (name: keyof TIn & string) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.value),
  });

  return { values, errors, isSubmitting, formRef, field, setValue, setError, handleSubmit };
}
