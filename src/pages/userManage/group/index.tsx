import { PlusOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useRef, useState } from 'react';
import type { GroupItem } from '@common/contracts/groups';
import { useRecordDialog } from '@/components/FormDialog/RecordDialog';
import ListTable, { type ProColumns, type ActionType } from '@/components/ListTable';
import LoadError from '@/components/LoadError';
import PageContainer from '@/components/PageContainer';
import { CellText, DangerLink, RowActions, RowLink } from '@/components/TableParts';
import { deleteGroup, queryGroups } from '@/services/groups';
import { apiErrorMessage } from '@/utils/apiError';
import { formatTime } from '@/utils/format';
import { ADMIN_TABLE, fitColumns, compact, toTableResult } from '@/utils/table';
import GroupForm from './components/GroupForm';
import MembersDrawer from './components/MembersDrawer';

export default function GroupPage() {
  const actionRef = useRef<ActionType>();
  const { modal, message } = App.useApp();
  const dialog = useRecordDialog<GroupItem>();
  const [membersOf, setMembersOf] = useState<GroupItem>();
  const [loadError, setLoadError] = useState<string>();

  const confirmDelete = (group: GroupItem) =>
    modal.confirm({
      title: `删除分组「${group.name}」？`,
      content:
        group.memberCount > 0
          ? `该分组有 ${group.memberCount} 名成员，删除后他们将不再属于此分组（用户本身不会被删除）。`
          : '删除后不可恢复。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          await deleteGroup(group.id);
          message.success(`已删除分组：${group.name}`);
          actionRef.current?.reload();
        } catch {
          // already reported by the request layer
        }
      },
    });

  const columns: ProColumns<GroupItem>[] = [
    { title: '分组名称', dataIndex: 'name', width: 180, render: (_, group) => <CellText text={group.name} /> },
    { title: '分组说明', dataIndex: 'description', search: false, width: 320, render: (_, group) => <CellText text={group.description} /> },
    {
      title: '成员数',
      dataIndex: 'memberCount',
      search: false,
      width: 88,
      render: (_, group) => <RowLink onClick={() => setMembersOf(group)}>{group.memberCount} 人</RowLink>,
    },
    { title: '创建时间', dataIndex: 'createdAt', search: false, width: 140, render: (_, group) => formatTime(group.createdAt) },
    {
      title: '操作',
      valueType: 'option',
      width: 150,
      render: (_, group) => (
        <RowActions danger={<DangerLink onClick={() => confirmDelete(group)}>删除</DangerLink>}>
          <RowLink onClick={() => setMembersOf(group)}>成员</RowLink>
          <RowLink onClick={() => dialog.show(group)}>编辑</RowLink>
        </RowActions>
      ),
    },
  ];

  return (
    <PageContainer title="用户分组" subTitle="按网格员、村两委、党员等分组，发布任务时可按分组指派">
      <LoadError message={loadError} onRetry={() => actionRef.current?.reload()} />
      <ListTable<GroupItem, { name?: string }>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        {...ADMIN_TABLE}
        scroll={{ x: fitColumns(columns) }}
        form={{ syncToUrl: true }}
        pagination={{ defaultPageSize: 10 }}
        request={async (params) => {
          const result = await toTableResult(
            queryGroups(compact({ current: params.current, pageSize: params.pageSize, name: params.name })),
          );
          setLoadError(undefined);
          return result;
        }}
        onRequestError={(error) => setLoadError(apiErrorMessage(error))}
        locale={{ emptyText: '还没有分组，点击右上角“新建分组”创建' }}
        headerTitle="分组"
        toolBarRender={() => [
          <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => dialog.show()}>
            新建分组
          </Button>,
        ]}
      />
      <GroupForm dialog={dialog} onSaved={() => actionRef.current?.reload()} />
      <MembersDrawer group={membersOf} onClose={() => setMembersOf(undefined)} onSaved={() => actionRef.current?.reload()} />
    </PageContainer>
  );
}
