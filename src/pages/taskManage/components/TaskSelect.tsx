import { useDebounceFn, useRequest } from 'ahooks';
import { Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { TASK_ISSUED_STATES, type TaskStatus } from '@common/constants';
import type { TaskItem } from '@common/contracts/tasks';
import { getTask, queryTasks } from '@/services/tasks';
import { TASK_STATUS_ENUM } from './taskMeta';

interface Props {
  value?: number;
  onChange?: (id: number | undefined, task?: TaskItem) => void;
  /** Which tasks to offer (default: published and closed, the ones that can have submissions). */
  statuses?: readonly TaskStatus[];
  placeholder?: string;
  style?: React.CSSProperties;
  allowClear?: boolean;
  /** A task already known to the page (e.g. from a deep link), so it shows by name at once. */
  known?: TaskItem;
  /** The search box's id, so a <label for> (or the Form.Item around it) names it. */
  id?: string;
}

const PAGE = 20;

/** A searchable select of tasks by title, newest first, searched on the server. */
export default function TaskSelect({
  value,
  onChange,
  statuses = TASK_ISSUED_STATES,
  placeholder = '输入任务标题搜索',
  style,
  allowClear = true,
  known,
  id,
}: Props) {
  const [keyword, setKeyword] = useState('');
  const list = useRequest(
    async () => {
      const pages = await Promise.all(
        statuses.map((status) =>
          queryTasks({ status, title: keyword || undefined, pageSize: PAGE, sortField: 'createdAt', sortOrder: 'descend' }),
        ),
      );
      return pages.flatMap((body) => body.data?.list ?? []).sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
    },
    { refreshDeps: [keyword, statuses.join()] },
  );
  // The chosen task may be outside the first page of results: fetch it to show its name.
  const missing = value !== undefined && !list.data?.some((t) => t.id === value) && known?.id !== value;
  const chosen = useRequest(async () => (value ? (await getTask(value, { skipErrorHandler: true })).data : undefined), {
    ready: missing && !list.loading,
    refreshDeps: [value],
  });
  const search = useDebounceFn((text: string) => setKeyword(text.trim()), { wait: 300 });

  const tasks = useMemo(() => {
    const all = [...(list.data ?? [])];
    for (const extra of [known, chosen.data]) {
      if (extra && !all.some((t) => t.id === extra.id)) all.unshift(extra);
    }
    return all;
  }, [list.data, known, chosen.data]);

  return (
    <Select<number>
      id={id}
      value={value}
      onChange={(id) =>
        onChange?.(
          id,
          tasks.find((t) => t.id === id),
        )
      }
      showSearch
      filterOption={false}
      onSearch={search.run}
      loading={list.loading}
      allowClear={allowClear}
      placeholder={placeholder}
      style={style}
      notFoundContent={list.loading ? '加载中…' : keyword ? '没有找到相关任务' : '暂无任务'}
      options={tasks.map((task) => ({
        value: task.id,
        label: task.title,
        status: task.status,
      }))}
      optionRender={(option) => (
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Text ellipsis style={{ maxWidth: 360 }}>
            {option.label}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {TASK_STATUS_ENUM[option.data.status as TaskStatus]?.text}
          </Typography.Text>
        </Space>
      )}
    />
  );
}
