import { useModel } from '@umijs/max';
import { Badge } from 'antd';
import { NEWS_COLUMNS, NEWS_STATUS_LABELS, type NewsStatus } from '@common/constants';
import { boundArea } from '@common/scope';
import type { Option } from '@/hooks/useReferenceOptions';
import { labelEnum } from '@/utils/valueEnum';

/** News columns as select options (the id is the index + 1). */
export const NEWS_COLUMN_OPTIONS: Option[] = NEWS_COLUMNS.map((label, index) => ({ value: index + 1, label }));

/** The news states as a table's value enum (badge colours). */
export const NEWS_STATUS_ENUM = labelEnum(NEWS_STATUS_LABELS, { draft: 'Warning', published: 'Success', offline: 'Default' });

export function NewsStatusBadge({ status }: { status: NewsStatus }) {
  const item = NEWS_STATUS_ENUM[status];
  return <Badge status={item.status.toLowerCase() as 'default'} text={item.text} />;
}

/** The area select's value for town-wide news (the API's null). */
export const TOWN_WIDE = 0;
export const TOWN_WIDE_LABEL = '全镇';

export { useAreaOptions } from '@/hooks/useAreaOptions';

/**
 * The one area a user with data scope 'area' writes news for (ADR 0007: town-wide and other areas'
 * news are the centre's); undefined when the user may choose any area.
 */
export function useOwnNewsArea(): number | undefined {
  const { initialState } = useModel('@@initialState');
  const user = initialState?.currentUser;
  return user ? boundArea(user) : undefined;
}
