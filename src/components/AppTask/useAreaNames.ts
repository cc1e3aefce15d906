import { useEffect, useState } from 'react';
import type { AreaItem } from '@common/contracts/system';
import { queryAreas } from '@/services/system';

let cache: Promise<AreaItem[]> | undefined;

/** The areas' display names (GET /api/areas, public), loaded once per page load. */
export function useAreaNames(): (id: number) => string {
  const [areas, setAreas] = useState<AreaItem[]>([]);
  useEffect(() => {
    let alive = true;
    cache ??= queryAreas({ skipErrorHandler: true })
      .then((body) => body.data ?? [])
      .catch(() => {
        cache = undefined; // try again on the next page
        return [];
      });
    cache.then((list) => alive && setAreas(list));
    return () => {
      alive = false;
    };
  }, []);
  return (id: number) => areas.find((a) => a.id === id)?.name ?? `区域${id}`;
}
