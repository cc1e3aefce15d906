import type { FormInstance } from 'antd';
import { HTTP_STATUS_MESSAGES, MESSAGES } from '@common/constants';
import { showMessage } from './feedback';
import { type ApiBody, BizError, handleUnauthorized } from './requestConfig';

interface MaybeAxiosError {
  response?: { status: number; data?: unknown };
  code?: string;
  request?: unknown;
}

/** The server's answer inside a failed call, whichever way it failed. */
export function apiErrorBody(error: unknown): ApiBody | undefined {
  if (error instanceof BizError) return error.info.body;
  const data = (error as MaybeAxiosError)?.response?.data as ApiBody | undefined;
  return data && typeof data.code === 'number' ? data : undefined;
}

/** A sentence for the user: the server's own words when it gave some. */
export function apiErrorMessage(error: unknown): string {
  const body = apiErrorBody(error);
  if (body?.message) return body.message;
  const e = error as MaybeAxiosError;
  if (e?.response?.status) return HTTP_STATUS_MESSAGES[e.response.status] ?? MESSAGES.requestError;
  if (e?.code === 'ECONNABORTED' || e?.code === 'ETIMEDOUT') return HTTP_STATUS_MESSAGES[408];
  if (e?.request) return '网络连接失败，请检查网络后重试';
  return MESSAGES.requestError;
}

/**
 * For a form submitted with skipErrorHandler: a 401 still signs out; field errors from a 400/409 go
 * under their fields; the user always gets a message. What they typed stays in the form.
 */
export function handleFormError(error: unknown, form?: FormInstance, fieldMap: Record<string, string> = {}) {
  const body = apiErrorBody(error);
  if (body?.code === 401) {
    handleUnauthorized();
    return;
  }
  if (form && body?.errors?.length) {
    const known = new Set(Object.keys(form.getFieldsValue(true) ?? {}));
    const fields = body.errors.map((e) => ({ name: fieldMap[e.field] ?? e.field, errors: [e.message] })).filter((f) => known.has(f.name));
    if (fields.length) form.setFields(fields);
  }
  showMessage('error', apiErrorMessage(error));
}
