import { inArray } from 'drizzle-orm';
import type { Settings } from '../../common/contracts/system';
import { PLATFORM_TITLE } from '../../common/constants';
import type { DbOrTx } from '../db/client';
import { settings } from '../db/schema';

export const DEFAULT_SETTINGS: Settings = {
  platformTitle: PLATFORM_TITLE,
  centreName: '示范镇综合治理中心',
  icpNumber: 'ICP备XXXXXXXX号',
};

export async function readSettings(db: DbOrTx): Promise<Settings> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, Object.keys(DEFAULT_SETTINGS)));
  const result = { ...DEFAULT_SETTINGS };
  for (const row of rows) result[row.key as keyof Settings] = row.value;
  return result;
}
