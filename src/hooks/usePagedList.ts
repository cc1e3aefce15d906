import { useCallback, useEffect, useRef, useState } from 'react';
import type { PageResult } from '@common/contracts/base';
import { PAGE_SIZE_DEFAULT } from '@common/constants';
import { apiErrorBody, apiErrorMessage } from '@/utils/apiError';
import { handleUnauthorized } from '@/utils/requestConfig';

/** A failed page call in words; an expired session signs out as everywhere else. */
export function pageErrorMessage(error: unknown): string {
  if (apiErrorBody(error)?.code === 401) handleUnauthorized();
  return apiErrorMessage(error);
}

interface PagedListState<T> {
  status: 'loading' | 'ready' | 'error';
  list: T[];
  total: number;
  current: number;
  error?: string;
}

/**
 * A list loaded page by page for InfiniteScroll: the first page on mount and whenever `deps`
 * change (answers to an outdated query are dropped), `loadMore` for the next one, `refresh` for
 * pull-to-refresh (keeps the list on failure and rethrows).
 */
export function usePagedList<T extends { id: number }>(
  fetchPage: (current: number, pageSize: number) => Promise<PageResult<T>>,
  deps: readonly unknown[],
  pageSize = PAGE_SIZE_DEFAULT,
) {
  const [state, setState] = useState<PagedListState<T>>({ status: 'loading', list: [], total: 0, current: 0 });
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const stateRef = useRef(state);
  stateRef.current = state;
  const generation = useRef(0);

  const load = useCallback(
    async (keepList: boolean) => {
      const gen = ++generation.current;
      if (!keepList) setState({ status: 'loading', list: [], total: 0, current: 0 });
      try {
        const page = await fetchRef.current(1, pageSize);
        if (gen !== generation.current) return;
        setState({ status: 'ready', list: page.list, total: page.total, current: 1 });
      } catch (error) {
        if (gen !== generation.current) return;
        const message = pageErrorMessage(error);
        if (keepList) throw new Error(message);
        setState({ status: 'error', list: [], total: 0, current: 0, error: message });
      }
    },
    [pageSize],
  );

  useEffect(() => {
    load(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);

  const loadMore = useCallback(async () => {
    const gen = generation.current;
    const next = stateRef.current.current + 1;
    const page = await fetchRef.current(next, pageSize); // a failure shows InfiniteScroll's retry
    if (gen !== generation.current) return;
    setState((s) => {
      const seen = new Set(s.list.map((item) => item.id));
      const list = [...s.list, ...page.list.filter((item) => !seen.has(item.id))];
      // An empty page ends the list even if the total said more (rows removed meanwhile).
      return { ...s, list, total: page.list.length ? page.total : list.length, current: next };
    });
  }, [pageSize]);

  const hasMore = state.status === 'ready' && state.list.length < state.total;
  return {
    ...state,
    hasMore,
    loadMore,
    reload: useCallback(() => load(false), [load]),
    refresh: useCallback(() => load(true), [load]),
  };
}
