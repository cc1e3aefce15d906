import { history, useLocation } from '@umijs/max';
import { useMemo, useRef } from 'react';
import type { FieldSpec, ListCodec, ListState } from './listUrl';

/**
 * A list whose state is its URL: every change goes through history, the page follows the URL.
 * Opening a record pushes `?id=` (back closes the drawer); closing it goes back when this page
 * opened it, so the history does not fill up with drawer states.
 */
export function useListUrlState<S extends Record<string, FieldSpec>, Tab extends string>(path: string, codec: ListCodec<S, Tab>) {
  const { search } = useLocation();
  const state = useMemo(() => codec.parse(search), [codec, search]);
  const openedHere = useRef(false);

  /** Goes to a state; false when the URL is already there (the caller may want to reload instead). */
  const go = (next: ListState<S, Tab>, replace = false) => {
    const target = codec.toSearch(next);
    if (target === codec.toSearch(state) && target === search) return false;
    if (replace) history.replace(`${path}${target}`);
    else history.push(`${path}${target}`);
    return true;
  };

  const openRecord = (id: number) => {
    openedHere.current = true;
    go({ ...state, id });
  };

  const closeRecord = () => {
    if (openedHere.current) {
      openedHere.current = false;
      history.back();
    } else {
      go({ ...state, id: undefined }, true);
    }
  };

  return { state, search, go, openRecord, closeRecord };
}
