import { PlusOutlined } from '@ant-design/icons';
import { type ActionType, PageContainer, type ProColumns, type ProFormInstance, ProTable, TableDropdown } from '@ant-design/pro-components';
import { useModel } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Alert, App, Button, Grid, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import type { UserItem } from '@common/contracts/users';
import type { UserStatus } from '@common/constants';
import LoadError from '@/components/LoadError';
import { useReferenceOptions } from '@/hooks/useReferenceOptions';
import { changeUserStatus, deleteUser, queryUsers, unlockUser } from '@/services/users';
import { apiErrorMessage } from '@/utils/apiError';
import { compact, sortParams, toTableResult } from '@/utils/table';
import ResetPasswordModal from './components/ResetPasswordModal';
import UserForm from './components/UserForm';

const STATUS_ENUM: Record<UserStatus, { text: string; status: 'Warning' | 'Success' | 'Default' }> = {
  pending: { text: '待审核', status: 'Warning' },
  active: { text: '正常', status: 'Success' },
  disabled: { text: '已停用', status: 'Default' },
};

const SORTABLE = ['createdAt', 'lastLoginAt'] as const;

export default function UserListPage() {
  const actionRef = useRef<ActionType>();
  const formRef = useRef<ProFormInstance>();
  const { modal, message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const { initialState } = useModel('@@initialState');
  const me = initialState?.currentUser;
  const refs = useReferenceOptions();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<UserItem>();
  const [resetting, setResetting] = useState<UserItem>();
  const [loadError, setLoadError] = useState<string>();
  const pending = useRequest(async () => (await queryUsers({ status: 'pending', pageSize: 1 })).data?.total ?? 0);

  const reload = () => {
    actionRef.current?.reload();
    pending.refresh();
  };

  const runAction = async (label: string, action: () => Promise<unknown>) => {
    try {
      await action();
      message.success(label);
      reload();
    } catch {
      // The request layer already told the user what went wrong.
    }
  };

  const confirmStatus = (user: UserItem, action: 'approve' | 'disable' | 'enable') => {
    const texts = {
      approve: { title: `通过「${user.name}」的注册申请？`, content: '通过后该用户即可登录。', ok: '通过', done: '已通过审核' },
      disable: {
        title: `停用用户「${user.name}」？`,
        content: '停用后该用户将立即退出登录，且无法再登录，直到重新启用。',
        ok: '停用',
        done: '已停用',
      },
      enable: { title: `启用用户「${user.name}」？`, content: '启用后该用户可以重新登录。', ok: '启用', done: '已启用' },
    }[action];
    modal.confirm({
      title: texts.title,
      content: texts.content,
      okText: texts.ok,
      okButtonProps: { danger: action === 'disable' },
      cancelText: '取消',
      onOk: () => runAction(`${texts.done}：${user.name}`, () => changeUserStatus(user.id, action)),
    });
  };

  const confirmUnlock = (user: UserItem) =>
    modal.confirm({
      title: `解除「${user.name}」的登录锁定？`,
      content: '该账号因密码多次输错，已在某些地址被暂时锁定。解除后可立即重新登录，验证码要求也一并清除。',
      okText: '解除锁定',
      cancelText: '取消',
      onOk: () => runAction(`已解除锁定：${user.name}`, () => unlockUser(user.id)),
    });

  const confirmDelete = (user: UserItem) =>
    modal.confirm({
      title: `删除用户「${user.name}」？`,
      content: '删除后不可恢复。已有业务记录的用户不能删除，请改为停用。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => runAction(`已删除用户：${user.name}`, () => deleteUser(user.id)),
    });

  const columns: ProColumns<UserItem>[] = [
    { title: '账号', dataIndex: 'account', ellipsis: true, width: 130 },
    { title: '姓名', dataIndex: 'name', width: 110 },
    { title: '手机号码', dataIndex: 'phone', width: 130 },
    {
      title: '角色',
      dataIndex: 'roleId',
      valueType: 'select',
      fieldProps: { options: refs.roleOptions, showSearch: true },
      render: (_, user) => user.roleName,
      width: 130,
    },
    {
      title: '所属区域',
      dataIndex: 'area',
      valueType: 'select',
      fieldProps: { options: refs.areas },
      render: (_, user) => user.areaName ?? <Typography.Text type="secondary">—</Typography.Text>,
      width: 110,
    },
    {
      title: '用户分组',
      dataIndex: 'groupId',
      valueType: 'select',
      fieldProps: { options: refs.groupOptions },
      width: 170,
      render: (_, user) =>
        user.groups.length ? (
          <Space size={[0, 4]} wrap>
            {user.groups.map((g) => (
              <Tag key={g.id}>{g.name}</Tag>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    { title: '状态', dataIndex: 'status', valueType: 'select', valueEnum: STATUS_ENUM, width: 90 },
    { title: '最近登录', dataIndex: 'lastLoginAt', valueType: 'dateTime', search: false, sorter: true, width: 170 },
    { title: '创建时间', dataIndex: 'createdAt', valueType: 'dateTime', search: false, sorter: true, width: 170 },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: 170,
      render: (_, user) => {
        const self = user.id === me?.id;
        const main = [
          <a
            key="edit"
            onClick={() => {
              setEditing(user);
              setFormOpen(true);
            }}
          >
            编辑
          </a>,
        ];
        if (!self && user.status === 'pending') {
          main.push(
            <a key="approve" onClick={() => confirmStatus(user, 'approve')}>
              通过审核
            </a>,
          );
        } else if (!self && user.status === 'active') {
          main.push(
            <a key="disable" onClick={() => confirmStatus(user, 'disable')}>
              停用
            </a>,
          );
        } else if (!self && user.status === 'disabled') {
          main.push(
            <a key="enable" onClick={() => confirmStatus(user, 'enable')}>
              启用
            </a>,
          );
        }
        // Locked out after wrong passwords (ADR 0023): the way back in is one click away.
        if (user.locked) {
          main.push(
            <a key="unlock" onClick={() => confirmUnlock(user)}>
              解锁
            </a>,
          );
        }
        const more = [
          { key: 'reset', name: '重置密码' },
          ...(self ? [] : [{ key: 'delete', name: <Typography.Text type="danger">删除</Typography.Text> }]),
          ...(!self && user.status === 'pending' ? [{ key: 'disable', name: '拒绝并停用' }] : []),
        ];
        return [
          ...main,
          <TableDropdown
            key="more"
            menus={more}
            onSelect={(key) => {
              if (key === 'reset') setResetting(user);
              if (key === 'delete') confirmDelete(user);
              if (key === 'disable') confirmStatus(user, 'disable');
            }}
          />,
        ];
      },
    },
  ];

  return (
    <PageContainer title="用户列表" subTitle="管理平台账号、角色与所属村（社区）">
      <LoadError message={loadError} onRetry={() => actionRef.current?.reload()} />
      {pending.data ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={`有 ${pending.data} 个村民注册申请等待审核`}
          action={
            <Button
              size="small"
              onClick={() => {
                formRef.current?.setFieldsValue({ status: 'pending' });
                formRef.current?.submit();
              }}
            >
              只看待审核
            </Button>
          }
        />
      ) : null}
      <ProTable<UserItem>
        rowKey="id"
        actionRef={actionRef}
        formRef={formRef}
        columns={columns}
        scroll={{ x: 1300 }}
        form={{ syncToUrl: true }}
        search={{ labelWidth: 'auto', defaultCollapsed: !screens.md }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        request={async (params, sort) => {
          const result = await toTableResult(
            queryUsers(
              compact({
                current: params.current,
                pageSize: params.pageSize,
                account: params.account,
                name: params.name,
                phone: params.phone,
                roleId: params.roleId,
                area: params.area,
                groupId: params.groupId,
                status: params.status,
                ...sortParams(sort, SORTABLE),
              }),
            ),
          );
          setLoadError(undefined);
          return result;
        }}
        onRequestError={(error) => setLoadError(apiErrorMessage(error))}
        locale={{ emptyText: '没有符合条件的用户' }}
        headerTitle="用户"
        toolBarRender={() => [
          <Button
            key="new"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setEditing(undefined);
              setFormOpen(true);
            }}
          >
            新建用户
          </Button>,
        ]}
      />
      <UserForm
        open={formOpen}
        user={editing}
        roles={refs.roles}
        areaOptions={refs.areas}
        groupOptions={refs.groupOptions}
        onClose={() => setFormOpen(false)}
        onSaved={() => {
          setFormOpen(false);
          reload();
        }}
      />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(undefined)} />
    </PageContainer>
  );
}
