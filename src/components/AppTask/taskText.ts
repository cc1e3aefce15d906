import dayjs from 'dayjs';
import { AREA_MAX, TOWN_AREA_ID, requiredImageCount, templateHasImages, templateHasText } from '@common/constants';

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

/** The target areas in words: '全镇', '全部村' or names (at most `max`, then '等N个'). */
export function areasText(areaIds: number[], nameOf: (id: number) => string, max = 3): string {
  const ids = [...new Set(areaIds)].sort((a, b) => a - b);
  if (ids.length === AREA_MAX) return '全镇';
  if (ids.length === AREA_MAX - 1 && !ids.includes(TOWN_AREA_ID)) return '全部村';
  const names = ids.map(nameOf);
  return names.length > max ? `${names.slice(0, max).join('、')}等${names.length}个` : names.join('、');
}
