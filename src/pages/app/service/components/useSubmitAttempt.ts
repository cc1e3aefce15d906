import { Toast } from 'antd-mobile';
import { useRef, useState } from 'react';
import { apiErrorBody, apiErrorMessage } from '@/utils/apiError';
import { newClientKey } from '@/utils/clientKey';
import { handleUnauthorized } from '@/utils/requestConfig';

export const NETWORK_FAILED = '网络连接失败，请检查网络后再次提交（已填写的内容和照片都还在）';

/** The server's words when it answered; a plain sentence when the phone lost the connection. */
export function submitErrorMessage(error: unknown) {
  if (!apiErrorBody(error) && (error as { code?: string })?.code === 'ERR_NETWORK') return NETWORK_FAILED;
  return apiErrorMessage(error);
}

/**
 * One submission of a phone form: a double tap sends once, and every retry from this form sends
 * the same client key, so an answer lost on a weak signal never makes a second appeal. A new visit
 * to the form starts a new attempt, unless its draft came back: the key is the draft's (ADR 0030),
 * since it is the same appeal.
 */
export function useSubmitAttempt(draftKey?: string) {
  const clientKey = useRef<string>();
  const sending = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();

  async function run<T>(send: (clientKey: string) => Promise<T>, onError?: (error: unknown) => void): Promise<T | undefined> {
    if (sending.current) return undefined;
    sending.current = true;
    setSubmitting(true);
    setError(undefined);
    clientKey.current ??= newClientKey();
    try {
      return await send(draftKey ?? clientKey.current);
    } catch (e) {
      if (apiErrorBody(e)?.code === 401) {
        handleUnauthorized();
        return undefined;
      }
      const message = submitErrorMessage(e);
      setError(message);
      Toast.show({ icon: 'fail', content: message });
      onError?.(e);
      return undefined;
    } finally {
      sending.current = false;
      setSubmitting(false);
    }
  }

  return { run, submitting, error };
}
