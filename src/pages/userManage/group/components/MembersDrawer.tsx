import { useDebounceFn, useRequest } from 'ahooks';
import { Alert, Button, Drawer, Empty, Select, Space, Spin, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { GroupItem, GroupMember } from '@common/contracts/groups';
import { getGroup, setGroupMembers } from '@/services/groups';
import { queryUsers } from '@/services/users';
import { apiErrorMessage, showApiError } from '@/utils/apiError';
import { showMessage } from '@/utils/feedback';
import { RowLink } from '@/components/TableParts';

/** Members of one group: remove, add by searching users, then save the whole list. */
export default function MembersDrawer({ group, onClose, onSaved }: { group?: GroupItem; onClose: () => void; onSaved: () => void }) {
  const [members, setMembers] = useState<GroupMember[]>([]);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const detail = useRequest(async () => (group ? (await getGroup(group.id, { skipErrorHandler: true })).data : undefined), {
    refreshDeps: [group?.id],
    ready: !!group,
  });
  const [keyword, setKeyword] = useState('');
  const search = useRequest(async () => (await queryUsers({ keyword, pageSize: 20, status: 'active' })).data?.list ?? [], {
    refreshDeps: [keyword],
    ready: !!group,
  });
  const { run: onSearch } = useDebounceFn((value: string) => setKeyword(value.trim()), { wait: 300 });

  useEffect(() => {
    setMembers(detail.data?.members ?? []);
    setDirty(false);
  }, [detail.data]);

  const add = (userId: number) => {
    const user = search.data?.find((u) => u.id === userId);
    if (!user || members.some((m) => m.id === userId)) return;
    setMembers([...members, { id: user.id, account: user.account, name: user.name, area: user.area, areaName: user.areaName }]);
    setDirty(true);
  };

  const save = async () => {
    if (!group) return;
    setSaving(true);
    try {
      await setGroupMembers(
        group.id,
        members.map((m) => m.id),
        { skipErrorHandler: true },
      );
      showMessage('success', `已保存「${group.name}」的成员（${members.length}人）`);
      setDirty(false);
      onSaved();
    } catch (error) {
      showApiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      title={group ? `分组成员：${group.name}` : '分组成员'}
      open={!!group}
      onClose={onClose}
      width={560}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>关闭</Button>
          <Button type="primary" onClick={save} loading={saving} disabled={!dirty}>
            保存成员
          </Button>
        </Space>
      }
    >
      {detail.error ? (
        <Alert
          type="error"
          showIcon
          message={`成员加载失败：${apiErrorMessage(detail.error)}`}
          action={
            <Button size="small" onClick={detail.refresh}>
              重试
            </Button>
          }
        />
      ) : (
        <Spin spinning={detail.loading}>
          <Space direction="vertical" style={{ width: '100%' }} size="middle">
            <Select
              showSearch
              aria-label="添加成员"
              value={null}
              placeholder="输入姓名、账号或手机号，添加成员"
              filterOption={false}
              onSearch={onSearch}
              onSelect={(value) => value && add(value)}
              loading={search.loading}
              notFoundContent={search.loading ? <Spin size="small" /> : '没有找到用户'}
              options={(search.data ?? []).map((u) => {
                const member = members.some((m) => m.id === u.id);
                return {
                  value: u.id,
                  // Said in words, not only in grey: who is in the group already.
                  label: `${u.name}（${u.account}）${u.areaName ? ` · ${u.areaName}` : ''}${member ? ' · 已是成员' : ''}`,
                  disabled: member,
                };
              })}
              style={{ width: '100%' }}
            />
            {dirty ? <Alert type="info" showIcon message="成员有改动，点击右上角“保存成员”后生效。" /> : null}
            <Table<GroupMember>
              rowKey="id"
              size="small"
              dataSource={members}
              pagination={members.length > 10 ? { pageSize: 10, size: 'small' } : false}
              locale={{ emptyText: <Empty description="该分组还没有成员" image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
              columns={[
                { title: '姓名', dataIndex: 'name' },
                { title: '账号', dataIndex: 'account' },
                {
                  title: '所属区域',
                  dataIndex: 'areaName',
                  render: (name: string | null) => name ?? <Typography.Text type="secondary">—</Typography.Text>,
                },
                {
                  title: '操作',
                  width: 80,
                  render: (_, member) => (
                    <RowLink
                      onClick={() => {
                        setMembers(members.filter((m) => m.id !== member.id));
                        setDirty(true);
                      }}
                    >
                      移出
                    </RowLink>
                  ),
                },
              ]}
            />
          </Space>
        </Spin>
      )}
    </Drawer>
  );
}
