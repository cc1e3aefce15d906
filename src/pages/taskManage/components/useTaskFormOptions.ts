import { useRequest } from 'ahooks';
import type { Option } from '@/hooks/useReferenceOptions';
import { queryTaskFormOptions } from '@/services/tasks';

/**
 * The task form's choices from the task module's own endpoint (whoever publishes tasks may not
 * read user management): the groups a task can target, and the image rule most recent tasks use.
 */
export function useTaskFormOptions() {
  const answer = useRequest(async () => (await queryTaskFormOptions({})).data);
  return {
    groupOptions: (answer.data?.groups ?? []).map((group): Option => ({
      value: group.id,
      label: `${group.name}（${group.memberCount}人）`,
    })),
    /** Undefined until the answer is in. */
    imageNum: answer.data?.imageNum,
    imageNumTasks: answer.data?.imageNumTasks ?? 0,
    loading: answer.loading,
  };
}
