import { useEffect, useState } from 'react';
import type { AreaItem } from '@common/contracts/system';
import { queryAreas } from '@/services/system';

let cache: Promise<AreaItem[]> | undefined;

function loadAreas(): Promise<AreaItem[]> {
  cache ??= queryAreas({ skipErrorHandler: true })
    .then((body) => body.data ?? [])
    .catch(() => {
      cache = undefined; // try again on the next page
      return [];
    });
  return cache;
}

/** The areas in their order, archived ones marked (GET /api/areas, public), loaded once per page load; [] until then. */
export function useAreas(): AreaItem[] {
  const [areas, setAreas] = useState<AreaItem[]>([]);
  useEffect(() => {
    let alive = true;
    loadAreas().then((list) => alive && setAreas(list));
    return () => {
      alive = false;
    };
  }, []);
  return areas;
}
