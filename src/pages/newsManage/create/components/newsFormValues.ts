import type { NewsBody, NewsDetail } from '@common/contracts/content';
import type { ImageRef } from '@common/contracts/tasks';
import { TOWN_WIDE } from '../../components/newsMeta';

/** The news form's values: the area as TOWN_WIDE (0) or an area id, the cover as the stored image. */
export interface NewsFormValues {
  title: string;
  column?: number;
  area: number;
  summary: string;
  cover: ImageRef | null;
  pinned: boolean;
  content: string;
}

export const EMPTY_NEWS: NewsFormValues = {
  title: '',
  column: undefined,
  area: TOWN_WIDE,
  summary: '',
  cover: null,
  pinned: false,
  content: '',
};

export function toNewsBody(values: NewsFormValues): NewsBody {
  return {
    title: values.title.trim(),
    summary: (values.summary ?? '').trim(),
    content: values.content,
    column: values.column as number,
    area: values.area === TOWN_WIDE ? null : values.area,
    coverId: values.cover?.id ?? null,
    pinned: !!values.pinned,
  };
}

export function fromNews(news: NewsDetail): NewsFormValues {
  return {
    title: news.title,
    column: news.column,
    area: news.area ?? TOWN_WIDE,
    summary: news.summary,
    cover: news.cover,
    pinned: news.pinned,
    content: news.content,
  };
}

/** The server's field names → the form's. */
export const NEWS_FIELD_MAP: Record<string, string> = { coverId: 'cover' };
