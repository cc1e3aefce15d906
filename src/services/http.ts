import { request } from '@umijs/max';
import type { ApiBody } from '@/utils/requestConfig';

/** Per-call options: skipErrorHandler lets a page show the error itself (forms, login). */
export interface CallOptions {
  skipErrorHandler?: boolean;
}

type Query = object;

// A GET helper with query params and a POST helper with a body, each returning the response body;
// PUT, PATCH and DELETE alike (docs/product.md §14).
export const get = <T = undefined>(url: string, params?: Query, options?: CallOptions) =>
  request<ApiBody<T>>(url, { method: 'GET', params, getResponse: false, ...options });

export const post = <T = undefined>(url: string, data?: unknown, options?: CallOptions) =>
  request<ApiBody<T>>(url, { method: 'POST', data, getResponse: false, ...options });

export const put = <T = undefined>(url: string, data?: unknown, options?: CallOptions) =>
  request<ApiBody<T>>(url, { method: 'PUT', data, getResponse: false, ...options });

export const patch = <T = undefined>(url: string, data?: unknown, options?: CallOptions) =>
  request<ApiBody<T>>(url, { method: 'PATCH', data, getResponse: false, ...options });

export const del = <T = undefined>(url: string, options?: CallOptions) =>
  request<ApiBody<T>>(url, { method: 'DELETE', getResponse: false, ...options });
