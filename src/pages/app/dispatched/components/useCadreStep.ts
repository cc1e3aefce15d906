import { showToast } from '@/components/MobileLayout/toast';
import { apiErrorBody } from '@/utils/apiError';
import type { ApiBody } from '@/utils/requestConfig';
import { useSubmitAttempt } from '../../service/components/useSubmitAttempt';

/**
 * A cadre's step on a matter handed to the village (受理, 答复, 不予受理): sent once at a time; a
 * 409 or 404 means someone moved or took it back first, so the page reloads it; done, the toast
 * says the server's words and the page shows the matter as it now is.
 */
export function useCadreStep<T>(onStale: () => void, onDone: (next: T) => void) {
  const attempt = useSubmitAttempt();
  const step = async (send: () => Promise<ApiBody<T>>) => {
    const body = await attempt.run(send, (error) => {
      const code = apiErrorBody(error)?.code;
      if (code === 409 || code === 404) onStale();
    });
    if (!body?.data) return;
    void showToast({ icon: 'success', content: body.message || '操作成功' });
    onDone(body.data);
  };
  return { attempt, step };
}
