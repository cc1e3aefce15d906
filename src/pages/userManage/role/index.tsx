import { PlusOutlined } from '@ant-design/icons';
import { useAccess } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Alert, App, Button, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { DATA_SCOPE_LABELS } from '@common/constants';
import type { RoleItem } from '@common/contracts/roles';
import { useRecordDialog } from '@/components/FormDialog/RecordDialog';
import ListTable, { type ProColumns, type ActionType } from '@/components/ListTable';
import LoadError from '@/components/LoadError';
import PageContainer from '@/components/PageContainer';
import { DangerLink, RowActions, RowLink } from '@/components/TableParts';
import { deleteRole, queryRoles } from '@/services/roles';
import { queryPermissions } from '@/services/system';
import { apiErrorMessage } from '@/utils/apiError';
import { ADMIN_TABLE, fitColumns, compact, toTableResult } from '@/utils/table';
import RoleForm from './components/RoleForm';

export default function RolePage() {
  const actionRef = useRef<ActionType>();
  const { canAdmin } = useAccess();
  const { modal, message } = App.useApp();
  const dialog = useRecordDialog<RoleItem>();
  const [loadError, setLoadError] = useState<string>();
  const permissions = useRequest(async () => (await queryPermissions()).data ?? []);
  const labelOf = (key: string) => permissions.data?.find((p) => p.key === key)?.label ?? key;

  const confirmDelete = (role: RoleItem) =>
    modal.confirm({
      title: `删除角色「${role.name}」？`,
      content: '删除后不可恢复。仍有用户使用的角色不能删除。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          await deleteRole(role.id);
          message.success(`已删除角色：${role.name}`);
          actionRef.current?.reload();
        } catch {
          // already reported by the request layer
        }
      },
    });

  const columns: ProColumns<RoleItem>[] = [
    {
      title: '角色名称',
      dataIndex: 'name',
      width: 170,
      render: (_, role) => (
        <Space>
          {role.name}
          {role.builtIn ? <Tag color="blue">内置</Tag> : null}
        </Space>
      ),
    },
    { title: '角色编码', dataIndex: 'code', search: false, width: 130, render: (_, r) => <Typography.Text code>{r.code}</Typography.Text> },
    {
      title: '菜单权限',
      dataIndex: 'permissions',
      search: false,
      width: 320,
      render: (_, role) =>
        role.permissions.length ? (
          <Space size={[0, 4]} wrap>
            {role.permissions.map((key) => (
              <Tag key={key}>{labelOf(key)}</Tag>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">无后台权限（仅手机端）</Typography.Text>
        ),
    },
    {
      title: '数据范围',
      dataIndex: 'dataScope',
      search: false,
      width: 136,
      render: (_, role) => DATA_SCOPE_LABELS[role.dataScope],
    },
    { title: '用户数', dataIndex: 'userCount', search: false, width: 72, align: 'right' },
    ...(canAdmin
      ? [
          {
            title: '操作',
            valueType: 'option',
            width: 120,
            render: (_: unknown, role: RoleItem) => (
              <RowActions danger={role.builtIn ? null : <DangerLink onClick={() => confirmDelete(role)}>删除</DangerLink>}>
                <RowLink onClick={() => dialog.show(role)}>编辑</RowLink>
              </RowActions>
            ),
          } as ProColumns<RoleItem>,
        ]
      : []),
  ];

  return (
    <PageContainer title="角色管理" subTitle="角色决定用户能进入哪些菜单、能看到哪些村（社区）的数据">
      {canAdmin ? null : (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message="只有超级管理员可以新建或修改角色，您可以查看现有角色。" />
      )}
      <LoadError message={loadError} onRetry={() => actionRef.current?.reload()} />
      <ListTable<RoleItem, { name?: string }>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        {...ADMIN_TABLE}
        scroll={{ x: fitColumns(columns) }}
        form={{ syncToUrl: true }}
        pagination={{ defaultPageSize: 10 }}
        request={async (params) => {
          const result = await toTableResult(
            queryRoles(compact({ current: params.current, pageSize: params.pageSize, name: params.name })),
          );
          setLoadError(undefined);
          return result;
        }}
        onRequestError={(error) => setLoadError(apiErrorMessage(error))}
        locale={{ emptyText: '没有符合条件的角色' }}
        headerTitle="角色"
        toolBarRender={() =>
          canAdmin
            ? [
                <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => dialog.show()}>
                  新建角色
                </Button>,
              ]
            : []
        }
      />
      <RoleForm dialog={dialog} onSaved={() => actionRef.current?.reload()} />
    </PageContainer>
  );
}
