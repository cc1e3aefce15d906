import type { PermissionItem } from '@common/contracts/roles';
import type { PageResult } from '@common/contracts/base';
import type {
  AreaItem,
  DemoCleared,
  DemoSummary,
  Settings,
  SettingsBody,
  VillageBody,
  VillageItem,
  VillageListQuery,
} from '@common/contracts/system';
import { type CallOptions, del, get, post, put } from './http';

/** GET /api/areas */
export async function queryAreas(options?: CallOptions) {
  return get<AreaItem[]>('/areas', undefined, options);
}

/** GET /api/permissions */
export async function queryPermissions(options?: CallOptions) {
  return get<PermissionItem[]>('/permissions', undefined, options);
}

/** PUT /api/settings */
export async function updateSettings(body: SettingsBody, options?: CallOptions) {
  return put<Settings>('/settings', body, options);
}

/** GET /api/demo-data */
export async function queryDemoData(options?: CallOptions) {
  return get<DemoSummary>('/demo-data', undefined, options);
}

/** DELETE /api/demo-data: every demo account and demo record, in one transaction. */
export async function clearDemoData(options?: CallOptions) {
  return del<DemoCleared>('/demo-data', options);
}

/** GET /api/villages: 组织架构 › 村（社区）, archived ones too. */
export async function queryVillages(params: Partial<VillageListQuery>, options?: CallOptions) {
  return get<PageResult<VillageItem>>('/villages', params, options);
}

/** POST /api/villages */
export async function createVillage(body: VillageBody, options?: CallOptions) {
  return post<VillageItem>('/villages', body, options);
}

/** PUT /api/villages/:id */
export async function updateVillage(id: number, body: VillageBody, options?: CallOptions) {
  return put<VillageItem>(`/villages/${id}`, body, options);
}

/** POST /api/villages/:id/archive or /restore */
export async function setVillageArchived(id: number, archived: boolean, options?: CallOptions) {
  return post<VillageItem>(`/villages/${id}/${archived ? 'archive' : 'restore'}`, undefined, options);
}

/** DELETE /api/villages/:id: only a village nothing refers to. */
export async function deleteVillage(id: number, options?: CallOptions) {
  return del(`/villages/${id}`, options);
}
