import { inArray } from 'drizzle-orm';
import type { Settings } from '../../common/contracts/system';
import {
  APPEAL_DUE_WORKING_DAYS_DEFAULT,
  APPEAL_DUE_WORKING_DAYS_MAX,
  APPEAL_DUE_WORKING_DAYS_MIN,
  PHOTO_STALE_DAYS_DEFAULT,
  PHOTO_STALE_DAYS_MAX,
  PHOTO_STALE_DAYS_MIN,
  PLATFORM_TITLE,
} from '../../common/constants';
import type { DbOrTx } from '../db/client';
import { settings } from '../db/schema';

export const DEFAULT_SETTINGS: Settings = {
  platformTitle: PLATFORM_TITLE,
  centreName: '示范镇综合治理中心',
  icpNumber: 'ICP备XXXXXXXX号',
  appealDueDays: APPEAL_DUE_WORKING_DAYS_DEFAULT,
  photoStaleDays: PHOTO_STALE_DAYS_DEFAULT,
};

/** Settings rows hold text; these keys are read back as whole numbers within their range. */
const NUMBER_SETTINGS: Partial<Record<keyof Settings, [number, number]>> = {
  appealDueDays: [APPEAL_DUE_WORKING_DAYS_MIN, APPEAL_DUE_WORKING_DAYS_MAX],
  photoStaleDays: [PHOTO_STALE_DAYS_MIN, PHOTO_STALE_DAYS_MAX],
};

/** Every setting as the text stored in its row. */
export const settingRows = (values: Partial<Settings>) =>
  Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ({ key, value: String(value).trim() }));

export async function readSettings(db: DbOrTx): Promise<Settings> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, Object.keys(DEFAULT_SETTINGS)));
  const result: Settings = { ...DEFAULT_SETTINGS };
  for (const row of rows) {
    const key = row.key as keyof Settings;
    const range = NUMBER_SETTINGS[key];
    if (range) {
      const n = Number(row.value);
      if (Number.isInteger(n) && n >= range[0] && n <= range[1]) (result as Record<string, unknown>)[key] = n;
    } else {
      (result as Record<string, unknown>)[key] = row.value;
    }
  }
  return result;
}
