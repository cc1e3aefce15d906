import { useCallback, useEffect, useRef, useState } from 'react';
import { apiErrorBody } from '@/utils/apiError';
import { pageErrorMessage } from './usePagedList';

export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string; /** The answer's code (404 …), 0 when none came. */ code: number }
  | { status: 'ready'; data: T };

/**
 * One read for a page: loads on mount and whenever `deps` change (answers to an outdated call are
 * dropped), with `reload` for a retry button. Errors come as the user's words plus the code.
 */
export function useLoaded<T>(fetch: () => Promise<T>, deps: readonly unknown[]): Loaded<T> & { reload: () => void } {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;
  const generation = useRef(0);

  const load = useCallback(() => {
    const gen = ++generation.current;
    setState({ status: 'loading' });
    fetchRef
      .current()
      .then((data) => gen === generation.current && setState({ status: 'ready', data }))
      .catch((error: unknown) => {
        if (gen !== generation.current) return;
        setState({ status: 'error', message: pageErrorMessage(error), code: apiErrorBody(error)?.code ?? 0 });
      });
  }, []);

  useEffect(() => {
    load();
    return () => {
      generation.current += 1; // unmounted or outdated: ignore the answer
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);

  return { ...state, reload: load };
}

/** Unwraps `{ code: 200, data }` where the contract promises data. */
export const dataOf = <T>(body: { data?: T }): T => body.data as T;
