import { useRequest } from 'ahooks';
import { queryAreas } from '@/services/system';
import type { Option } from './useReferenceOptions';

/** What a list shows for a village archived since (ADR 0050): its name, marked. */
export const archivedLabel = (name: string) => `${name}（已归档）`;

/**
 * The areas in their order with their current names (GET /api/areas). For a form (`picking`), the
 * active ones only; for a list's filter and cells, archived ones too, marked, so old records keep
 * their village's name and can still be filtered by it.
 */
export function useAreaOptions({ picking = false }: { picking?: boolean } = {}): Option[] {
  const areas = useRequest(async () => (await queryAreas()).data ?? []);
  return (areas.data ?? [])
    .filter((area) => !picking || area.active)
    .map((area) => ({ value: area.id, label: area.active ? area.name : archivedLabel(area.name) }));
}
