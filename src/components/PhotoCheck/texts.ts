import dayjs from 'dayjs';
import type { PhotoCheck, PhotoDuplicate } from '@common/contracts/photoChecks';
import { formatTime } from '@/utils/format';

// What a reviewer reads about a photo's check (ADR 0027). Hints only: nothing here blocks a review.

/** Where the earlier record opens: its own page, which hands out its own photo addresses. */
export function duplicatePath(duplicate: PhotoDuplicate): string | undefined {
  if (duplicate.id === null) return undefined;
  if (duplicate.kind === 'submission') return `/taskManage/audit?submission=${duplicate.id}`;
  if (duplicate.kind === 'appeal') return `/peopleService/appeal?id=${duplicate.id}`;
  return `/peopleService/shot?id=${duplicate.id}`;
}

/** 64 bits, `distance` of them different: how alike, as a reviewer reads it. */
export const similarityText = (distance: number) => (distance === 0 ? '完全一致' : `相似度 ${Math.round(((64 - distance) / 64) * 100)}%`);

export const hasFinding = (check: PhotoCheck | undefined) => !!check && (check.duplicateOf.length > 0 || check.stale);

/** 拍摄于 2026-11-20 09:30（上传前 45 天）, or 无拍摄时间. */
export function takenText(check: PhotoCheck): string {
  if (!check.takenAt) return '无拍摄时间';
  const days = dayjs(check.uploadedAt).diff(dayjs(check.takenAt), 'day');
  return `拍摄于 ${formatTime(check.takenAt)}${days >= 1 ? `（上传前 ${days} 天）` : ''}`;
}

/** The tooltip of a photo: its capture time as the camera recorded it. */
export const takenTooltip = (check: PhotoCheck) =>
  check.takenAt ? `拍摄于 ${formatTime(check.takenAt)}（照片自带的拍摄时间）` : '无拍摄时间：照片未带拍摄时间信息';
