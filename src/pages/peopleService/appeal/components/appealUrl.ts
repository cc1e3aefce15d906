import {
  APPEAL_CATEGORIES,
  APPEAL_SOURCES,
  APPEAL_STATUSES,
  APPEAL_STATUS_LABELS,
  AREA_ID_MAX,
  AREA_MIN,
  type AppealStatus,
} from '@common/constants';
import { LIMITS } from '@common/limits';
import { defineListUrl } from '../../components/listUrl';

/** The status tabs: every state, all of them, the overdue ones across states, and those due a call-back. */
export const APPEAL_TABS = ['all', ...APPEAL_STATUSES, 'overdue', 'callback'] as const;
export type AppealTab = (typeof APPEAL_TABS)[number];
export const APPEAL_TAB_LABELS: Record<AppealTab, string> = { all: '全部', ...APPEAL_STATUS_LABELS, overdue: '超期', callback: '待回访' };

export const appealUrl = defineListUrl({
  fields: {
    keyword: { type: 'text', max: LIMITS.peopleKeyword },
    category: { type: 'int', min: 1, max: APPEAL_CATEGORIES.length },
    area: { type: 'int', min: AREA_MIN, max: AREA_ID_MAX },
    source: { type: 'enum', values: APPEAL_SOURCES },
    /** Rated by the submitter or not (the dashboard's 群众满意度 opens the rated ones). */
    rated: { type: 'enum', values: ['true', 'false'] },
    from: { type: 'date' },
    to: { type: 'date' },
  } as const,
  tabs: APPEAL_TABS,
  defaultTab: 'all',
  // Links written as a filter rather than a tab (e.g. from the notice bell) land on the 超期 tab.
  tabAlias: (q) => (q.get('overdue') === 'true' || q.get('overdue') === '1' ? 'overdue' : undefined),
});

export const RATED_OPTIONS = [
  { value: 'true', label: '已评价' },
  { value: 'false', label: '未评价' },
];

/** The API filter of a tab. */
export function tabQuery(tab: AppealTab): { status?: AppealStatus; overdue?: boolean; callbackDue?: boolean } {
  if (tab === 'all') return {};
  if (tab === 'overdue') return { overdue: true };
  if (tab === 'callback') return { callbackDue: true };
  return { status: tab };
}
