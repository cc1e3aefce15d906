import type { FormInstance } from 'antd';
import { HTTP_STATUS_MESSAGES, MESSAGES } from '@common/constants';
import { showMessage } from './feedback';
import { type ApiBody, BizError, handleUnauthorized, showFailure } from './requestConfig';

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

/** The failed call's status: the body code when the server answered with one, else the HTTP status. */
export function apiErrorStatus(error: unknown): number | undefined {
  return apiErrorBody(error)?.code ?? (error as MaybeAxiosError)?.response?.status ?? undefined;
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
 * For a call made with skipErrorHandler whose failure still deserves the usual feedback: shown as
 * the answer asks (its `showType`, ADR 0025) and in its words; a network failure says so.
 */
export function showApiError(error: unknown) {
  const body = apiErrorBody(error);
  const status = (error as MaybeAxiosError)?.response?.status || undefined;
  if (body || status) showFailure(body, status);
  else showMessage('error', apiErrorMessage(error));
}

/**
 * For a form submitted with skipErrorHandler: a 401 still signs out; field errors from a 400/409 go
 * under their fields; the answer is shown as it asks. What they typed stays in the form.
 */
/** A field the server names, as a form's name: fields.0.label (a field inside a list) is ['fields', 0, 'label']. */
export function fieldPath(field: string): string | Array<string | number> {
  const parts = field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  return parts.length === 1 ? field : parts;
}

export function handleFormError(error: unknown, form?: FormInstance, fieldMap: Record<string, string> = {}) {
  const body = apiErrorBody(error);
  if (body?.code === 401) {
    handleUnauthorized();
    return;
  }
  if (form && body?.errors?.length) {
    const known = new Set(Object.keys(form.getFieldsValue(true) ?? {}));
    const fields = body.errors
      .map((e) => ({ name: fieldPath(fieldMap[e.field] ?? e.field), errors: [e.message] }))
      .filter((f) => known.has(String(Array.isArray(f.name) ? f.name[0] : f.name)));
    if (fields.length) form.setFields(fields);
  }
  showApiError(error);
}
