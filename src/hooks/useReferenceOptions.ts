import { useRequest } from 'ahooks';
import type { GroupItem } from '@common/contracts/groups';
import type { RoleItem } from '@common/contracts/roles';
import type { AreaItem } from '@common/contracts/system';
import { queryGroups } from '@/services/groups';
import { queryRoles } from '@/services/roles';
import { queryAreas } from '@/services/system';
import { archivedLabel } from './useAreaOptions';

export interface Option {
  value: number;
  label: string;
}

/** Areas, roles and groups for filters and forms (each list is small: at most 100 of them). */
export function useReferenceOptions() {
  const areas = useRequest(async (): Promise<AreaItem[]> => (await queryAreas()).data ?? []);
  const roles = useRequest(async (): Promise<RoleItem[]> => (await queryRoles({ pageSize: 100 })).data?.list ?? []);
  const groups = useRequest(async (): Promise<GroupItem[]> => (await queryGroups({ pageSize: 100 })).data?.list ?? []);
  const toOptions = (items?: Array<{ id: number; name: string }>): Option[] =>
    (items ?? []).map((item) => ({ value: item.id, label: item.name }));
  const areaItems = areas.data ?? [];
  return {
    /** For filters and cells: archived villages too, marked (ADR 0050). */
    areas: areaItems.map((a) => ({ value: a.id, label: a.active ? a.name : archivedLabel(a.name) })),
    /** For forms: the active areas only. */
    areaChoices: toOptions(areaItems.filter((a) => a.active)),
    roles: roles.data ?? [],
    roleOptions: toOptions(roles.data),
    groupOptions: toOptions(groups.data),
    loading: areas.loading || roles.loading || groups.loading,
    refreshGroups: groups.refresh,
  };
}
