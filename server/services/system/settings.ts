import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SetupSettingKey, Settings } from '../../../common/contracts/system';
import {
  APPEAL_DUE_WORKING_DAYS_DEFAULT,
  APPEAL_DUE_WORKING_DAYS_MAX,
  APPEAL_DUE_WORKING_DAYS_MIN,
  CALLBACK_WORKING_DAYS_DEFAULT,
  CALLBACK_WORKING_DAYS_MAX,
  CALLBACK_WORKING_DAYS_MIN,
  PHOTO_STALE_DAYS_DEFAULT,
  PHOTO_STALE_DAYS_MAX,
  PHOTO_STALE_DAYS_MIN,
  PLATFORM_TITLE,
} from '../../../common/constants';
import type { Db, DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';

// No filing number until an admin enters the real one: a made-up number in the footer would be
// a false statement on a government site (ADR 0026).
export const DEFAULT_SETTINGS: Settings = {
  platformTitle: PLATFORM_TITLE,
  centreName: '示范镇综合治理中心',
  icpNumber: '',
  appealDueDays: APPEAL_DUE_WORKING_DAYS_DEFAULT,
  callbackDays: CALLBACK_WORKING_DAYS_DEFAULT,
  photoStaleDays: PHOTO_STALE_DAYS_DEFAULT,
};

/** What earlier releases seeded as the filing number: cleared at start (clearLegacyPlaceholders). */
const LEGACY_ICP_PLACEHOLDER = 'ICP备XXXXXXXX号';

/** Set (to the time) when an admin first saves the settings: from then on nothing is "unset". */
const SETTINGS_CONFIRMED_KEY = 'settingsConfirmedAt';

/** Settings rows hold text; these keys are read back as whole numbers within their range. */
const NUMBER_SETTINGS: Partial<Record<keyof Settings, [number, number]>> = {
  appealDueDays: [APPEAL_DUE_WORKING_DAYS_MIN, APPEAL_DUE_WORKING_DAYS_MAX],
  callbackDays: [CALLBACK_WORKING_DAYS_MIN, CALLBACK_WORKING_DAYS_MAX],
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

/** An installation that still carries an earlier release's made-up filing number shows none instead. */
export async function clearLegacyPlaceholders(db: DbOrTx): Promise<void> {
  await db
    .update(settings)
    .set({ value: '', updatedAt: sql`now()` })
    .where(and(eq(settings.key, 'icpNumber'), eq(settings.value, LEGACY_ICP_PLACEHOLDER)));
}

/** Which settings an admin is still asked to fill in (Settings.unset). */
export async function unsetSettings(db: DbOrTx, current: Settings): Promise<SetupSettingKey[]> {
  const [confirmed] = await db.select({ key: settings.key }).from(settings).where(eq(settings.key, SETTINGS_CONFIRMED_KEY));
  if (confirmed) return [];
  const unset: SetupSettingKey[] = [];
  if (current.centreName === DEFAULT_SETTINGS.centreName) unset.push('centreName');
  if (!current.icpNumber) unset.push('icpNumber');
  return unset;
}

/**
 * Saves the settings in one transaction. Saving them, even unchanged, answers the first-run
 * reminder: the admin has looked.
 */
export async function saveSettings(db: Db, values: Partial<Settings>) {
  const rows = [...settingRows(values), { key: SETTINGS_CONFIRMED_KEY, value: new Date().toISOString() }];
  await db.transaction(async (tx) => {
    for (const { key, value } of rows) {
      await tx
        .insert(settings)
        .values({ key, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
    }
  });
}
