/** One choice of a select column, shown in its cells as a status dot with the text (ProTable's valueEnum). */
interface ValueEnumItem {
  text: string;
  status?: 'Default' | 'Processing' | 'Success' | 'Warning' | 'Error';
}

export type BadgeStatus = NonNullable<ValueEnumItem['status']>;

/**
 * A select column's value enum from one of common/'s label maps and the status dot of each value:
 * the words stay where the server also reads them, the colours are the page's.
 */
export function labelEnum<K extends string>(labels: Record<K, string>, badges: Record<K, BadgeStatus>): Record<K, Required<ValueEnumItem>> {
  const entries = (Object.keys(labels) as K[]).map((key) => [key, { text: labels[key], status: badges[key] }] as const);
  return Object.fromEntries(entries) as Record<K, Required<ValueEnumItem>>;
}
