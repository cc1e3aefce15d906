import type { AxiosError, AxiosResponse, RequestConfig, RequestOptions } from '@umijs/max';
import { ErrorShowType, HTTP_STATUS_MESSAGES, HTTP_TIMEOUT_MS, MESSAGES } from '@common/constants';
import { showMessage, showNotification } from './feedback';
import { appUrl, getToken } from './session';
import { isSigningOut, signOut } from './signOut';

/** How a failed call is shown (docs/product.md §13); the server says which in `showType` (ADR 0025). */
export { ErrorShowType };

export interface ApiBody<T = unknown> {
  code: number;
  data?: T;
  message?: string;
  showType?: ErrorShowType;
  errors?: Array<{ field: string; label: string; message: string }>;
}

export class BizError extends Error {
  constructor(public readonly info: { errorCode: number; errorMessage?: string; showType?: ErrorShowType; body: ApiBody }) {
    super(info.errorMessage || MESSAGES.requestError);
    this.name = 'BizError';
  }
}

/** Body code 401: the session ended under the user's feet; one message and one redirect, however many calls fail together. */
export function handleUnauthorized() {
  if (isSigningOut()) return;
  void signOut({ notice: { kind: 'warning', text: MESSAGES.unauthorizedRelogin }, comeBack: true });
}

const isApiBody = (value: unknown): value is ApiBody =>
  typeof value === 'object' && value !== null && typeof (value as ApiBody).code === 'number';

/** The server's answer inside a failed call (a BizError or an HTTP error status), and that status. */
function failedAnswer(error: unknown): { body?: ApiBody; status?: number } {
  if (error instanceof BizError) return { body: error.info.body };
  const response = (error as AxiosError<ApiBody>).response;
  // axios 0.27 puts the bare XHR (status 0) in `response` on a network failure: not an answer.
  return { body: isApiBody(response?.data) ? response.data : undefined, status: response?.status || undefined };
}

const isJsonBlob = (value: unknown): value is Blob => typeof Blob !== 'undefined' && value instanceof Blob && /\bjson\b/i.test(value.type);

/**
 * A file download asks for a blob (responseType 'blob'), so a refusal's JSON body comes as one too:
 * read it back, so a download's failure carries the server's words and code like any other call's.
 */
async function decodeJsonBlob(data: unknown): Promise<unknown> {
  if (!isJsonBlob(data)) return data;
  try {
    return JSON.parse(await data.text()) as unknown;
  } catch {
    return data;
  }
}

/**
 * Shows a failed call the way its answer asks (`showType`, default an error message), in the server's
 * own words; the status messages of docs/product.md §14 stand in when the answer has none (a proxy's
 * 502, an empty body). Body code 401 signs out whatever the display type.
 */
export function showFailure(body: ApiBody | undefined, status?: number): void {
  if (body?.code === 401) {
    handleUnauthorized();
    return;
  }
  const code = body?.code ?? status ?? 0;
  const text = body?.message || (status ? HTTP_STATUS_MESSAGES[status] : undefined) || MESSAGES.requestError;
  switch (body?.showType) {
    case ErrorShowType.SILENT:
      return;
    case ErrorShowType.WARN_MESSAGE:
      showMessage('warning', text);
      return;
    case ErrorShowType.NOTIFICATION: {
      const title = HTTP_STATUS_MESSAGES[code] ?? `${MESSAGES.requestFailed}（${code}）`;
      showNotification('error', title, text === title ? MESSAGES.retryLater : text);
      return;
    }
    case ErrorShowType.REDIRECT: {
      const query = new URLSearchParams({ errorCode: String(code), errorMessage: text });
      window.location.assign(`${appUrl('/exception')}?${query}`);
      return;
    }
    default:
      showMessage('error', text);
  }
}

/**
 * A call option for transfers whose caller says what failed in its own words (导出失败：…, an upload
 * tile's reason): nothing is shown for it here, but a 401 still signs out here, as for every call.
 */
interface TransferErrorOption {
  callerShowsError?: boolean;
}

function errorHandler(error: unknown, opts?: RequestOptions & TransferErrorOption): void {
  if (opts?.skipErrorHandler) throw error;
  const { body, status } = failedAnswer(error);
  if (opts?.callerShowsError) {
    if ((body?.code ?? status) === 401) handleUnauthorized();
    return;
  }
  if (body || status) {
    showFailure(body, status);
    return;
  }
  const axiosError = error as AxiosError<ApiBody>;
  if (axiosError.code === 'ECONNABORTED' || axiosError.code === 'ETIMEDOUT') {
    showMessage('error', HTTP_STATUS_MESSAGES[408]);
    return;
  }
  if (axiosError.request) {
    // A failed network request is only logged; pages show their own error state (docs/product.md §14).
    console.error(MESSAGES.networkFailed, axiosError.message);
    return;
  }
  showMessage('error', MESSAGES.requestError);
}

export const requestConfig: RequestConfig = {
  baseURL: `${typeof window !== 'undefined' ? (window.apiHost ?? '') : ''}/api`,
  timeout: HTTP_TIMEOUT_MS,
  headers: { 'Content-Type': 'application/json' },
  errorConfig: { errorHandler },
  requestInterceptors: [
    (config: RequestOptions) => {
      const token = getToken();
      if (token) config.headers = { ...config.headers, authorization: token };
      return config;
    },
  ],
  responseInterceptors: [
    [
      async (response: AxiosResponse) => {
        response.data = await decodeJsonBlob(response.data);
        return response;
      },
      async (error: Error) => {
        const { response } = error as AxiosError;
        if (response) response.data = await decodeJsonBlob(response.data);
        throw error;
      },
    ],
    (response: AxiosResponse) => {
      const body = response.data as unknown;
      if (isApiBody(body) && body.code !== 200) {
        throw new BizError({ errorCode: body.code, errorMessage: body.message, showType: body.showType, body });
      }
      return response;
    },
  ],
};
