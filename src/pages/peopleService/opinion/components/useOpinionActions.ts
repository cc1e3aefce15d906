import { App } from 'antd';
import type { OpinionItem } from '@common/contracts/people';
import { deleteOpinion, handleOpinion, reopenOpinion } from '@/services/opinions';

export interface OpinionActionApi {
  handle: (opinion: OpinionItem) => Promise<void>;
  reopen: (opinion: OpinionItem) => Promise<void>;
  /** Called once the user confirmed. */
  remove: (opinion: OpinionItem) => Promise<void>;
}

/**
 * 标为已处置, 重新监测 and 删除: each says what happened, then `onChanged` reloads the list and the
 * trend. A refusal (409: someone else moved it first; 404: gone) is shown by the request layer and
 * reloads too, so the row shows what is true now.
 */
export function useOpinionActions(onChanged: () => void): OpinionActionApi {
  const { message } = App.useApp();

  const run = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call();
      message.success(done);
    } catch {
      // The request layer already showed the server's reason.
    }
    onChanged();
  };

  return {
    handle: (opinion) => run(() => handleOpinion(opinion.id), `已标为已处置：${opinion.title}`),
    reopen: (opinion) => run(() => reopenOpinion(opinion.id), `已重新监测：${opinion.title}`),
    remove: (opinion) => run(() => deleteOpinion(opinion.id), `已删除舆情：${opinion.title}`),
  };
}
