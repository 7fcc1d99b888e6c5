import { useCallback, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod/mini';

type Values = Record<string, string | boolean>;

/**
 * A form validated by a shared zod schema (the one the API uses): values, the first message
 * per field (shown once the field was touched or a submit was tried), and `isValid` for the
 * disabled state of the submit button.
 */
export function useZodForm<S extends z.ZodMiniType, V extends Values>(schema: S, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);

  const result = useMemo(() => schema.safeParse(values), [schema, values]);
  const allErrors = useMemo(() => {
    const out: Partial<Record<keyof V, string>> = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const key = issue.path[0] as keyof V | undefined;
        if (key !== undefined && out[key] === undefined) out[key] = issue.message;
      }
    }
    return out;
  }, [result]);

  const errors = useMemo(() => {
    const shown: Partial<Record<keyof V, string>> = {};
    for (const key of Object.keys(allErrors) as (keyof V)[]) {
      if (submitted || touched[key]) shown[key] = allErrors[key];
    }
    return shown;
  }, [allErrors, submitted, touched]);

  const setValue = useCallback(<K extends keyof V>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setTouched((t) => ({ ...t, [key]: true }));
  }, []);

  /** Props for an input bound to a field (checkboxes bind `checked`). */
  const bind = <K extends keyof V & string>(key: K) => ({
    name: key,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const target = event.target;
      setValue(key, (target.type === 'checkbox' ? target.checked : target.value) as V[K]);
    },
    onBlur: () => setTouched((t) => ({ ...t, [key]: true })),
    ...(typeof initial[key] === 'boolean'
      ? { checked: Boolean(values[key]) }
      : { value: String(values[key] ?? '') }),
  });

  /** Wraps a submit: runs `onValid` with the parsed data only when the form is valid. */
  const handleSubmit =
    (onValid: (data: z.output<S>) => void | Promise<void>) => (event: FormEvent) => {
      event.preventDefault();
      setSubmitted(true);
      if (result.success) void onValid(result.data as z.output<S>);
    };

  const reset = useCallback((next: V) => {
    setValues(next);
    setTouched({});
    setSubmitted(false);
  }, []);

  return { values, errors, isValid: result.success, bind, setValue, handleSubmit, reset };
}
