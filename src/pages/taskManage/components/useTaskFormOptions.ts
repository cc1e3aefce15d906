import { useRequest } from 'ahooks';
import type { Option } from '@/hooks/useReferenceOptions';
import { queryTaskFormOptions } from '@/services/tasks';

/**
 * The task form's choices from the task module's own endpoint (whoever publishes tasks may not
 * read user management): the groups a task can target.
 */
export function useTaskFormOptions() {
  const answer = useRequest(async () => (await queryTaskFormOptions({})).data);
  return {
    groupOptions: (answer.data?.groups ?? []).map((group): Option => ({
      value: group.id,
      label: `${group.name}（${group.memberCount}人）`,
    })),
    loading: answer.loading,
  };
}
