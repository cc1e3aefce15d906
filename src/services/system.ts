import type { PermissionItem } from '@common/contracts/roles';
import type { AreaItem, DemoCleared, DemoSummary, Settings, SettingsBody } from '@common/contracts/system';
import { type CallOptions, del, get, put } from './http';

/** GET /api/areas */
export async function queryAreas(options?: CallOptions) {
  return get<AreaItem[]>('/areas', undefined, options);
}

/** PUT /api/areas/:id */
export async function updateArea(id: number, name: string, options?: CallOptions) {
  return put<AreaItem>(`/areas/${id}`, { name }, options);
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
