import { useRequest } from 'ahooks';
import { queryAreas } from '@/services/system';
import type { Option } from './useReferenceOptions';

/** The areas (1–12) with their current display names, for filters and forms. */
export function useAreaOptions(): Option[] {
  const areas = useRequest(async () => (await queryAreas()).data ?? []);
  return (areas.data ?? []).map((area) => ({ value: area.id, label: area.name }));
}
