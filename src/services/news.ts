import type { PageResult } from '@common/contracts/base';
import type { NewsBody, NewsDetail, NewsItem, NewsListQuery } from '@common/contracts/content';
import { type CallOptions, del, get, post, put } from './http';
import { downloadFile, type DownloadProgress } from '@/utils/download';

export type NewsQuery = Partial<NewsListQuery>;

/** GET /api/news (admin list: every state) */
export const queryNews = (params: NewsQuery, options?: CallOptions) => get<PageResult<NewsItem>>('/news', params, options);

/** GET /api/news/:id */
export const getNews = (id: number, options?: CallOptions) => get<NewsDetail>(`/news/${id}`, undefined, options);

/** POST /api/news (created as a draft) */
export const createNews = (body: NewsBody, options?: CallOptions) => post<NewsDetail>('/news', body, options);

/** PUT /api/news/:id */
export const updateNews = (id: number, body: NewsBody, options?: CallOptions) => put<NewsDetail>(`/news/${id}`, body, options);

/** DELETE /api/news/:id (refused with 409 while published) */
export const deleteNews = (id: number, options?: CallOptions) => del(`/news/${id}`, options);

/** POST /api/news/:id/publish */
export const publishNews = (id: number, options?: CallOptions) => post<NewsItem>(`/news/${id}/publish`, undefined, options);

/** POST /api/news/:id/offline */
export const offlineNews = (id: number, options?: CallOptions) => post<NewsItem>(`/news/${id}/offline`, undefined, options);

/** POST /api/news/:id/pin */
export const pinNews = (id: number, options?: CallOptions) => post<NewsItem>(`/news/${id}/pin`, undefined, options);

/** POST /api/news/:id/unpin */
export const unpinNews = (id: number, options?: CallOptions) => post<NewsItem>(`/news/${id}/unpin`, undefined, options);

/** GET /api/news/export (xlsx with the list's filters; a file, not JSON) */
export const exportNews = (params: NewsQuery, onProgress?: DownloadProgress) =>
  downloadFile('/news/export', params, '新闻列表.xlsx', onProgress);
