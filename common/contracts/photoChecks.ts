import { Type, type Static } from '@sinclair/typebox';
import { PHOTO_RECORD_KINDS } from '../constants';
import { literals, Nullable, NullableTimestamp, Timestamp } from './base';

// What a reviewer is told about one photo of a submission, an appeal or a photo report (ADR 0027):
// earlier records with a near-identical photo, and whether it was taken long before. Only hints:
// nothing is ever refused for them.

export const PhotoDuplicate = Type.Object({
  kind: literals(PHOTO_RECORD_KINDS, '记录类型'),
  /** The earlier record; null when it is outside what the reader may open (then no title either). */
  id: Nullable(Type.Integer()),
  /** 张红梅提交的「清理村口垃圾」, 周大伯的诉求「路灯不亮」; 另一村的提交 when outside the reader's scope. */
  label: Type.String(),
  /** When the earlier photo was uploaded. */
  uploadedAt: Timestamp,
  /** Bits the two 64-bit hashes differ in (0 = the same picture). */
  distance: Type.Integer(),
});
export type PhotoDuplicate = Static<typeof PhotoDuplicate>;

export const PhotoCheck = Type.Object({
  /** Earlier records with a near-identical photo, closest first (at most PHOTO_DUPLICATES_SHOWN). */
  duplicateOf: Type.Array(PhotoDuplicate),
  /** How many earlier records have one (duplicateOf lists the first few). */
  duplicateCount: Type.Integer(),
  /** False when the photo was not compared: not hashed yet, or too uniform (a blank wall) to tell apart. */
  compared: Type.Boolean(),
  /** The camera's capture time from the original's EXIF; null when the photo had none. */
  takenAt: NullableTimestamp,
  /** When this photo was uploaded. */
  uploadedAt: Timestamp,
  stale: Type.Boolean(),
  /** 拍摄于任务发布之前 / 拍摄时间早于上传30天以上; null when not stale. */
  staleReason: Nullable(Type.String()),
});
export type PhotoCheck = Static<typeof PhotoCheck>;

/** Earlier records named per photo; duplicateCount says how many there are in all. */
export const PHOTO_DUPLICATES_SHOWN = 5;
