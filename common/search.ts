// The admin header's search (ADR 0059): the kinds of record it finds and the query's limits.

export const SEARCH_KINDS = ['appeal', 'photoReport', 'task', 'news', 'user'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  appeal: '群众诉求',
  photoReport: '随手拍',
  task: '任务',
  news: '新闻',
  user: '用户',
};
export const SEARCH_QUERY_MAX = 50;
/** Terms of a query: at most this many, separated by white space. */
export const SEARCH_TERMS_MAX = 5;
