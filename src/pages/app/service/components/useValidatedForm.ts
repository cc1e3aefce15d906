import { useCallback, useRef, useState } from 'react';
import { apiErrorBody } from '@/utils/apiError';

export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

/**
 * A phone form's values with validation as you type: a field shows its error once it has been
 * touched (changed, left, or a submit was tried), and the server's message for a field stays on it
 * until that field is changed again.
 */
export function useValidatedForm<V extends Record<string, unknown>>(
  initial: V,
  validate: (values: V) => Partial<Record<string, string>>,
  /** Checked fields that are not values (the photos): they are touched with the rest on submit. */
  extraFields: readonly string[] = [],
) {
  const [values, setValues] = useState(initial);
  const fields = useRef([...Object.keys(initial), ...extraFields]);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  // Keyed by field name; may hold names outside `values` (the photos).
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const clientErrors = validate(values);

  const clearServerError = useCallback((field: string) => {
    setServerErrors((errors) => {
      if (!(field in errors)) return errors;
      const rest = { ...errors };
      delete rest[field];
      return rest;
    });
  }, []);

  /** `touch: false` for fields judged only once left (a phone number half typed is not wrong yet). */
  const set = useCallback(
    <K extends keyof V & string>(field: K, value: V[K], touch = true) => {
      setValues((v) => ({ ...v, [field]: value }));
      if (touch) setTouched((t) => ({ ...t, [field]: true }));
      clearServerError(field);
    },
    [clearServerError],
  );

  const touch = useCallback((field: string) => setTouched((t) => ({ ...t, [field]: true })), []);
  const touchAll = useCallback(() => setTouched(Object.fromEntries(fields.current.map((k) => [k, true]))), []);

  const errorOf = (field: string): string | undefined => serverErrors[field] ?? (touched[field] ? clientErrors[field] : undefined);
  /** The first field (in `order`) with an error, to scroll to after a submit attempt. */
  const firstInvalid = (order: readonly string[]) => order.find((field) => serverErrors[field] ?? clientErrors[field]);

  return {
    values,
    /** Puts a kept draft's values back, untouched (ADR 0030). */
    restore: setValues,
    set,
    touch,
    touchAll,
    errorOf,
    firstInvalid,
    valid: !Object.values(clientErrors).some(Boolean),
    setServerErrors,
    clearServerError,
  };
}

/**
 * The server's per-field messages of a refused submission, keyed by our field names (`fieldMap`
 * renames, e.g. imageIds → photos); fields the form does not have are left out.
 */
export function serverFieldErrors(error: unknown, known: readonly string[], fieldMap: Record<string, string> = {}): Record<string, string> {
  const errors = apiErrorBody(error)?.errors ?? [];
  const result: Record<string, string> = {};
  for (const e of errors) {
    const name = fieldMap[e.field] ?? e.field;
    if (known.includes(name) && !result[name]) result[name] = e.message;
  }
  return result;
}
