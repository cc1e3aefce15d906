import { useEffect, useState } from 'react';

/** Tablets and desktops: wide enough for a table's action column to stay fixed at the right. */
export const WIDE_SCREEN = '(min-width: 768px)';

const matchNow = (query: string) =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;

/**
 * Whether a media query matches, right from the first render (antd's Grid.useBreakpoint answers
 * only after an effect, and ProTable keeps the columns' `fixed` from its first render).
 */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => matchNow(query));
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const list = window.matchMedia(query);
    const onChange = () => setMatches(list.matches);
    onChange();
    list.addEventListener?.('change', onChange);
    return () => list.removeEventListener?.('change', onChange);
  }, [query]);
  return matches;
}
