import dayjs from 'dayjs';
import type { AreaItem } from '@common/contracts/system';
import { TOWN_AREA_ID, requiredImageCount, templateHasImages, templateHasText } from '@common/constants';

/** What a report must contain, e.g. '文字 + 2张图片', '图片（默认3张）'. */
export function reportNeedsLabel(template: string, imageNum: number): string {
  const parts: string[] = [];
  if (templateHasText(template)) parts.push('文字');
  if (templateHasImages(template)) parts.push(imageNum > 0 ? `${imageNum}张图片` : `图片（默认${requiredImageCount(0)}张）`);
  return parts.join(' + ') || '无';
}

export const formatDateTime = (value: string | null | undefined) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '');

export const isOverdue = (deadline: string, now = Date.now()) => dayjs(deadline).valueOf() < now;

/** Less than a day left. */
export const isDueSoon = (deadline: string, now = Date.now()) => {
  const left = dayjs(deadline).valueOf() - now;
  return left >= 0 && left < 24 * 3600 * 1000;
};

/**
 * The target areas in words: '全镇' (every active area), '全部村' (every active village) or names in
 * the areas' order (at most `max`, then '等N个'). `areas` is GET /api/areas, archived ones included.
 */
export function areasText(areaIds: number[], areas: AreaItem[], max = 3): string {
  const ids = new Set(areaIds);
  const active = areas.filter((a) => a.active);
  const villages = active.filter((a) => a.id !== TOWN_AREA_ID);
  if (active.length > 1 && active.every((a) => ids.has(a.id))) return '全镇';
  if (villages.length > 1 && !ids.has(TOWN_AREA_ID) && villages.every((a) => ids.has(a.id))) return '全部村';
  const position = new Map(areas.map((a, i) => [a.id, i]));
  const names = [...ids]
    .sort((x, y) => (position.get(x) ?? x) - (position.get(y) ?? y))
    .map((id) => areas.find((a) => a.id === id)?.name ?? `区域${id}`);
  return names.length > max ? `${names.slice(0, max).join('、')}等${names.length}个` : names.join('、');
}
