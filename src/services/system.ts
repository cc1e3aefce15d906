import type { PermissionItem } from '@common/contracts/roles';
import type { AreaItem, DemoCleared, DemoSummary, Settings, SettingsBody } from '@common/contracts/system';
import { type CallOptions, del, get, put } from './http';

/** GET /api/areas */
export const queryAreas = (options?: CallOptions) => get<AreaItem[]>('/areas', undefined, options);

/** PUT /api/areas/:id */
export const updateArea = (id: number, name: string, options?: CallOptions) => put<AreaItem>(`/areas/${id}`, { name }, options);

/** GET /api/permissions */
export const queryPermissions = (options?: CallOptions) => get<PermissionItem[]>('/permissions', undefined, options);

/** PUT /api/settings */
export const updateSettings = (body: SettingsBody, options?: CallOptions) => put<Settings>('/settings', body, options);

/** GET /api/demo-data */
export const queryDemoData = (options?: CallOptions) => get<DemoSummary>('/demo-data', undefined, options);

/** DELETE /api/demo-data: every demo account and demo record, in one transaction. */
export const clearDemoData = (options?: CallOptions) => del<DemoCleared>('/demo-data', options);
