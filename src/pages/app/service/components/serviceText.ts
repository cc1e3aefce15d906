import dayjs from 'dayjs';
import type { AppealStatus, PhotoReportStatus } from '@common/constants';
import type { AppealDetail } from '@common/contracts/people';

type TagColor = 'default' | 'primary' | 'success' | 'warning' | 'danger';

export const APPEAL_STATUS_COLORS: Record<AppealStatus, TagColor> = {
  pending: 'warning',
  processing: 'primary',
  replied: 'success',
  closed: 'default',
  rejected: 'danger',
};

export const PHOTO_REPORT_STATUS_COLORS: Record<PhotoReportStatus, TagColor> = {
  pending: 'warning',
  processing: 'primary',
  reviewing: 'primary',
  handled: 'success',
  invalid: 'default',
};

/** The two record lists of /app/service; the tab lives in the URL as ?tab=. */
export type RecordTab = 'appeal' | 'shot';
export const recordTabFromQuery = (value: string | null): RecordTab => (value === 'shot' ? 'shot' : 'appeal');
export const recordsUrl = (tab: RecordTab) => `/app/service?tab=${tab}`;

/** The submitter may rate once the appeal is answered: replied, or closed by staff without a rating. */
export const canRate = (appeal: Pick<AppealDetail, 'status' | 'satisfaction'>) =>
  appeal.satisfaction == null && (appeal.status === 'replied' || appeal.status === 'closed');

/** The rating form's id on the appeal page: the list's 待评价 cards link straight to it. */
export const RATE_ANCHOR = 'rate';

/** 11月26日 17:00, or with the year when it is not this year. */
export function shortDateTime(value: string, now = Date.now()): string {
  const time = dayjs(value);
  return time.year() === dayjs(now).year() ? time.format('M月D日 HH:mm') : time.format('YYYY年M月D日 HH:mm');
}

/** Coordinates as text (no map on the phone): 纬度 30.27412，经度 120.15515. */
export const coordinatesText = (lat: number, lng: number) => `纬度 ${lat.toFixed(5)}，经度 ${lng.toFixed(5)}`;
