import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useModel } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Alert, App, Button, Grid, Space, Tag } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import type { UserItem } from '@common/contracts/users';
import { USER_STATUS_LABELS } from '@common/constants';
import ExportButton from '@/components/ExportButton';
import ListTable, { type ActionType, type ProColumns, type ProFormInstance } from '@/components/ListTable';
import LoadError from '@/components/LoadError';
import PageContainer from '@/components/PageContainer';
import { CellText, DangerLink, MoreActions, RowActions, RowLink } from '@/components/TableParts';
import { useReferenceOptions } from '@/hooks/useReferenceOptions';
import { batchUserStatus, changeUserStatus, deleteUser, exportUsers, queryUsers, unlockUser, type UserQuery } from '@/services/users';
import { apiErrorMessage, showApiError } from '@/utils/apiError';
import { formatTime } from '@/utils/format';
import { ADMIN_TABLE, compact, sortParams, toTableResult, useFitColumns, withoutPaging } from '@/utils/table';
import { labelEnum } from '@/utils/valueEnum';
import { useOpenedOnce } from '@/hooks/useOpenedOnce';
import './index.css';

// Loaded when first opened: the import's upload and preview table, the user form's drawer and the
// reset dialog cost the list page nothing until then.
const ImportUsersModal = lazy(() => import('./components/ImportUsersModal'));
const UserForm = lazy(() => import('./components/UserForm'));
const ResetPasswordModal = lazy(() => import('./components/ResetPasswordModal'));
const BatchGroupsModal = lazy(() => import('./components/BatchGroupsModal'));

const STATUS_ENUM = labelEnum(USER_STATUS_LABELS, { pending: 'Warning', active: 'Success', disabled: 'Default' });

const SORTABLE = ['createdAt', 'lastLoginAt'] as const;
/** Shown through the column settings (⚙); hidden at first so the rest fit 1366×768. */
const OPTIONAL_COLUMNS = ['createdAt'];

export default function UserListPage() {
  const actionRef = useRef<ActionType>();
  const formRef = useRef<ProFormInstance>();
  // The filters of the list as shown: what 导出Excel sends.
  const lastQuery = useRef<UserQuery>({});
  const { modal, message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const { initialState } = useModel('@@initialState');
  const me = initialState?.currentUser;
  const refs = useReferenceOptions();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<UserItem>();
  const [resetting, setResetting] = useState<UserItem>();
  const formLoaded = useOpenedOnce(formOpen);
  const resetLoaded = useOpenedOnce(Boolean(resetting));
  const [loadError, setLoadError] = useState<string>();
  const [importOpen, setImportOpen] = useState(false);
  const pending = useRequest(async () => (await queryUsers({ status: 'pending', pageSize: 1 })).data?.total ?? 0);

  // Bulk changes (ADR 0063) act on the rows ticked on the page shown; a reload drops the ticks.
  const [selected, setSelected] = useState<UserItem[]>([]);
  const [batchGroups, setBatchGroups] = useState<number[]>();
  const batchGroupsLoaded = useOpenedOnce(Boolean(batchGroups));

  const reload = () => {
    setSelected([]);
    actionRef.current?.reload();
    pending.refresh();
  };

  const confirmBatchStatus = (action: 'disable' | 'enable') => {
    const ids = selected.map((user) => user.id);
    const disable = action === 'disable';
    modal.confirm({
      title: `${disable ? '停用' : '启用'}选中的 ${ids.length} 个用户？`,
      content: `${disable ? '停用后他们将立即退出登录，且无法再登录，直到重新启用。' : '启用后他们可以重新登录。'}全部成功或全部不处理。`,
      okText: disable ? '批量停用' : '批量启用',
      okButtonProps: { danger: disable },
      cancelText: '取消',
      onOk: async () => {
        try {
          const res = await batchUserStatus(action, ids, { skipErrorHandler: true });
          message.success(res.message ?? '已处理');
        } catch (error) {
          showApiError(error);
        }
        reload();
      },
    });
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
    { title: '账号', dataIndex: 'account', hideInTable: true },
    { title: '姓名', dataIndex: 'name', hideInTable: true },
    {
      title: '用户',
      dataIndex: 'user',
      search: false,
      // With the selection column the table fits 1366×768; CellText cuts with a title.
      width: 120,
      render: (_, user) => (
        <>
          <CellText text={user.name} />
          <CellText text={user.account} className="user-cell-account" />
        </>
      ),
    },
    { title: '手机号码', dataIndex: 'phone', width: 112 },
    {
      title: '角色',
      dataIndex: 'roleId',
      valueType: 'select',
      fieldProps: { options: refs.roleOptions, showSearch: true },
      render: (_, user) => <CellText text={user.roleName} />,
      width: 112,
    },
    {
      title: '所属区域',
      dataIndex: 'area',
      valueType: 'select',
      fieldProps: { options: refs.areas },
      render: (_, user) => <CellText text={user.areaName} />,
      width: 88,
    },
    {
      title: '用户分组',
      dataIndex: 'groupId',
      valueType: 'select',
      fieldProps: { options: refs.groupOptions },
      width: 130,
      render: (_, user) =>
        user.groups.length ? (
          <Space size={[0, 4]} wrap>
            {user.groups.map((g) => (
              <Tag key={g.id}>{g.name}</Tag>
            ))}
          </Space>
        ) : (
          <span className="glp-muted">—</span>
        ),
    },
    { title: '状态', dataIndex: 'status', valueType: 'select', valueEnum: STATUS_ENUM, width: 84 },
    {
      title: '最近登录',
      dataIndex: 'lastLoginAt',
      search: false,
      sorter: true,
      width: 140,
      render: (_, user) => (user.lastLoginAt ? formatTime(user.lastLoginAt) : <span className="glp-muted">从未登录</span>),
    },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      search: false,
      sorter: true,
      width: 140,
      render: (_, user) => formatTime(user.createdAt),
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      // Room for the longest row: 编辑 解锁 更多 | 停用 (a locked, active account).
      width: 196,
      render: (_, user) => {
        const self = user.id === me?.id;
        return (
          <RowActions
            danger={!self && user.status === 'active' ? <DangerLink onClick={() => confirmStatus(user, 'disable')}>停用</DangerLink> : null}
          >
            <RowLink
              onClick={() => {
                setEditing(user);
                setFormOpen(true);
              }}
            >
              编辑
            </RowLink>
            {!self && user.status === 'pending' ? <RowLink onClick={() => confirmStatus(user, 'approve')}>通过审核</RowLink> : null}
            {!self && user.status === 'disabled' ? <RowLink onClick={() => confirmStatus(user, 'enable')}>启用</RowLink> : null}
            {/* Locked out after wrong passwords (ADR 0023): the way back in is one click away. */}
            {user.locked ? <RowLink onClick={() => confirmUnlock(user)}>解锁</RowLink> : null}
            <MoreActions
              items={[
                { key: 'reset', label: '重置密码', onClick: () => setResetting(user) },
                ...(!self && user.status === 'pending'
                  ? [{ key: 'reject', label: '拒绝并停用', danger: true, onClick: () => confirmStatus(user, 'disable') }]
                  : []),
                ...(self ? [] : [{ key: 'delete', label: '删除', danger: true, onClick: () => confirmDelete(user) }]),
              ]}
            />
          </RowActions>
        );
      },
    },
  ];

  // The selection column is 32 px.
  const fit = useFitColumns('users', columns, OPTIONAL_COLUMNS, 32);

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
      <ListTable<UserItem, UserQuery>
        rowKey="id"
        actionRef={actionRef}
        formRef={formRef}
        columns={columns}
        {...ADMIN_TABLE}
        {...fit}
        form={{ syncToUrl: true }}
        search={{ defaultCollapsed: !screens.md }}
        rowSelection={{
          selectedRowKeys: selected.map((user) => user.id),
          onChange: (_, rows) => setSelected(rows.filter(Boolean)),
          // One's own account is never changed in bulk (the server refuses it too).
          getCheckboxProps: (user) => ({ disabled: user.id === me?.id, 'aria-label': `选择：${user.name}（${user.account}）` }),
        }}
        tableAlertRender={() => `已选择 ${selected.length} 个用户`}
        tableAlertOptionRender={() => (
          <Space wrap>
            <Button size="small" danger onClick={() => confirmBatchStatus('disable')}>
              批量停用
            </Button>
            <Button size="small" onClick={() => confirmBatchStatus('enable')}>
              批量启用
            </Button>
            <Button size="small" onClick={() => setBatchGroups(selected.map((user) => user.id))}>
              批量调整分组
            </Button>
            <Button size="small" onClick={() => setSelected([])}>
              取消选择
            </Button>
          </Space>
        )}
        pagination={{ defaultPageSize: 10 }}
        request={async (params, sort) => {
          const query: UserQuery = compact({
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
          });
          lastQuery.current = query;
          const result = await toTableResult(queryUsers(query));
          setLoadError(undefined);
          return result;
        }}
        onRequestError={(error) => setLoadError(apiErrorMessage(error))}
        locale={{ emptyText: '没有符合条件的用户' }}
        headerTitle="用户"
        toolBarRender={() => [
          <ExportButton key="export" download={(onProgress) => exportUsers(withoutPaging(lastQuery.current), onProgress)} />,
          <Button key="import" icon={<UploadOutlined />} onClick={() => setImportOpen(true)}>
            导入用户
          </Button>,
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
      {formLoaded ? (
        <Suspense fallback={null}>
          <UserForm
            open={formOpen}
            user={editing}
            roles={refs.roles}
            areaOptions={refs.areaChoices}
            groupOptions={refs.groupOptions}
            onClose={() => setFormOpen(false)}
            onSaved={() => {
              setFormOpen(false);
              reload();
            }}
          />
        </Suspense>
      ) : null}
      {resetLoaded ? (
        <Suspense fallback={null}>
          <ResetPasswordModal user={resetting} onClose={() => setResetting(undefined)} />
        </Suspense>
      ) : null}
      {batchGroupsLoaded ? (
        <Suspense fallback={null}>
          <BatchGroupsModal
            ids={batchGroups}
            groupOptions={refs.groupOptions}
            onClose={() => setBatchGroups(undefined)}
            onDone={() => {
              setBatchGroups(undefined);
              reload();
            }}
          />
        </Suspense>
      ) : null}
      {importOpen ? (
        <Suspense fallback={null}>
          <ImportUsersModal
            onClose={() => setImportOpen(false)}
            onImported={() => {
              setImportOpen(false);
              reload();
            }}
          />
        </Suspense>
      ) : null}
    </PageContainer>
  );
}
