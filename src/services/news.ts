import type { PageResult } from '@common/contracts/base';
import type { NewsBody, NewsDetail, NewsItem, NewsListQuery } from '@common/contracts/content';
import { type CallOptions, del, get, post, put } from './http';
import { downloadFile, type DownloadProgress } from '@/utils/download';

export type NewsQuery = Partial<NewsListQuery>;

/** GET /api/news (admin list: every state) */
export async function queryNews(params: NewsQuery, options?: CallOptions) {
  return get<PageResult<NewsItem>>('/news', params, options);
}

/** GET /api/news/:id */
export async function getNews(id: number, options?: CallOptions) {
  return get<NewsDetail>(`/news/${id}`, undefined, options);
}

/** POST /api/news (created as a draft) */
export async function createNews(body: NewsBody, options?: CallOptions) {
  return post<NewsDetail>('/news', body, options);
}

/** PUT /api/news/:id */
export async function updateNews(id: number, body: NewsBody, options?: CallOptions) {
  return put<NewsDetail>(`/news/${id}`, body, options);
}

/** DELETE /api/news/:id (refused with 409 while published) */
export async function deleteNews(id: number, options?: CallOptions) {
  return del(`/news/${id}`, options);
}

/** POST /api/news/:id/publish */
export async function publishNews(id: number, options?: CallOptions) {
  return post<NewsItem>(`/news/${id}/publish`, undefined, options);
}

/** POST /api/news/:id/offline */
export async function offlineNews(id: number, options?: CallOptions) {
  return post<NewsItem>(`/news/${id}/offline`, undefined, options);
}

/** POST /api/news/:id/pin */
export async function pinNews(id: number, options?: CallOptions) {
  return post<NewsItem>(`/news/${id}/pin`, undefined, options);
}

/** POST /api/news/:id/unpin */
export async function unpinNews(id: number, options?: CallOptions) {
  return post<NewsItem>(`/news/${id}/unpin`, undefined, options);
}

/** GET /api/news/export (xlsx with the list's filters; a file, not JSON) */
export async function exportNews(params: NewsQuery, onProgress?: DownloadProgress) {
  return downloadFile('/news/export', params, '新闻列表.xlsx', onProgress);
}
