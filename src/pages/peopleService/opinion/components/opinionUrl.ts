import {
  AREA_ID_MAX,
  AREA_MIN,
  OPINION_LEVELS,
  OPINION_SENTIMENTS,
  OPINION_SOURCES,
  OPINION_STATUSES,
  OPINION_STATUS_LABELS,
  type OpinionStatus,
} from '@common/constants';
import { LIMITS } from '@common/limits';
import { defineListUrl } from '../../components/listUrl';

/** The status tabs: all items, then each state. */
export const OPINION_TABS = ['all', ...OPINION_STATUSES] as const;
export type OpinionTab = (typeof OPINION_TABS)[number];
export const OPINION_TAB_LABELS: Record<OpinionTab, string> = { all: '全部', ...OPINION_STATUS_LABELS };

export const opinionUrl = defineListUrl({
  fields: {
    keyword: { type: 'text', max: LIMITS.peopleKeyword },
    sentiment: { type: 'enum', values: OPINION_SENTIMENTS },
    level: { type: 'int', min: 1, max: OPINION_LEVELS.length },
    source: { type: 'int', min: 1, max: OPINION_SOURCES.length },
    area: { type: 'int', min: AREA_MIN, max: AREA_ID_MAX },
    from: { type: 'date' },
    to: { type: 'date' },
  } as const,
  tabs: OPINION_TABS,
  defaultTab: 'all',
});

/** The API filter of a tab. */
export const tabQuery = (tab: OpinionTab): { status?: OpinionStatus } => (tab === 'all' ? {} : { status: tab });
