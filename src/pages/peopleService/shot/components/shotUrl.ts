import {
  AREA_ID_MAX,
  AREA_MIN,
  PHOTO_REPORT_STATUSES,
  PHOTO_REPORT_STATUS_LABELS,
  PHOTO_REPORT_TYPES,
  type PhotoReportStatus,
} from '@common/constants';
import { LIMITS } from '@common/limits';
import { defineListUrl } from '../../components/listUrl';

/** The status tabs: all of them, then each state. */
export const SHOT_TABS = ['all', ...PHOTO_REPORT_STATUSES] as const;
export type ShotTab = (typeof SHOT_TABS)[number];
export const SHOT_TAB_LABELS: Record<ShotTab, string> = { all: '全部', ...PHOTO_REPORT_STATUS_LABELS };

export const shotUrl = defineListUrl({
  fields: {
    keyword: { type: 'text', max: LIMITS.peopleKeyword },
    type: { type: 'int', min: 1, max: PHOTO_REPORT_TYPES.length },
    area: { type: 'int', min: AREA_MIN, max: AREA_ID_MAX },
    from: { type: 'date' },
    to: { type: 'date' },
  } as const,
  tabs: SHOT_TABS,
  defaultTab: 'all',
});

/** The API filter of a tab. */
export const tabQuery = (tab: ShotTab): { status?: PhotoReportStatus } => (tab === 'all' ? {} : { status: tab });
