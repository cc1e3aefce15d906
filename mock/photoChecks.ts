/**
 * Photo checks (ADR 0027) for the mock records: what a reviewer is told about a photo. The task and
 * people-service mocks put these on a few photos so that the pages' tests see every kind of finding.
 */
import type { PhotoCheck, PhotoDuplicate } from '@common/contracts/photoChecks';

const DAY = 86400_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** A photo taken 20 minutes before its upload an hour ago, with nothing found. */
export function photoCheck(seed: Partial<PhotoCheck> = {}): PhotoCheck {
  return {
    duplicateOf: [],
    duplicateCount: seed.duplicateOf?.length ?? 0,
    compared: true,
    takenAt: ago(80 * 60_000),
    uploadedAt: ago(60 * 60_000),
    stale: false,
    staleReason: null,
    ...seed,
  };
}

export const duplicateOf = (seed: Partial<PhotoDuplicate> & Pick<PhotoDuplicate, 'kind' | 'label'>): PhotoDuplicate => ({
  id: null,
  uploadedAt: ago(30 * DAY),
  distance: 2,
  ...seed,
});

/** Taken 45 days before its upload. */
export const oldPhoto = (staleReason: string): PhotoCheck => photoCheck({ takenAt: ago(45 * DAY + 60 * 60_000), stale: true, staleReason });
