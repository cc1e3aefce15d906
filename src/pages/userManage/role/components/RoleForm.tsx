import { ProFormCheckbox, ProFormRadio, ProFormText } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import { Alert } from 'antd';
import { DATA_SCOPE_LABELS, DATA_SCOPES, type DataScope, type PermissionKey } from '@common/constants';
import type { RoleItem } from '@common/contracts/roles';
import { LIMITS } from '@common/limits';
import RecordDialog, { type RecordDialogState } from '@/components/FormDialog/RecordDialog';
import { createRole, updateRole } from '@/services/roles';
import { queryPermissions } from '@/services/system';
import { FIELD_RULES } from '@/utils/formRules';

interface Values {
  name: string;
  code: string;
  permissions: PermissionKey[];
  dataScope: DataScope;
}

export default function RoleForm({ dialog, onSaved }: { dialog: RecordDialogState<RoleItem>; onSaved: () => void }) {
  const role = dialog.record;
  const permissions = useRequest(async () => (await queryPermissions()).data ?? []);
  const isAdminRole = role?.code === 'admin';

  const save = async (values: Values) => {
    const body = { ...values, name: values.name.trim(), permissions: values.permissions ?? [] };
    if (role) await updateRole(role.id, body, { skipErrorHandler: true });
    else await createRole(body, { skipErrorHandler: true });
    return role ? `已保存角色「${body.name}」` : `已创建角色「${body.name}」`;
  };

  return (
    <RecordDialog<RoleItem, Values>
      dialog={dialog}
      name="roleForm"
      title={role ? `编辑角色：${role.name}` : '新建角色'}
      width={600}
      initialValues={
        role
          ? { name: role.name, code: role.code, permissions: role.permissions as PermissionKey[], dataScope: role.dataScope }
          : { permissions: [], dataScope: 'self' }
      }
      save={save}
      onSaved={onSaved}
    >
      {isAdminRole ? (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message="超级管理员始终拥有全部权限和全部数据范围，只能修改名称。" />
      ) : null}
      <ProFormText
        name="name"
        label="角色名称"
        placeholder="例如：村级管理员"
        rules={[
          { required: true, whitespace: true, message: '请输入角色名称' },
          { max: LIMITS.roleName, message: `角色名称不能超过${LIMITS.roleName}个字符` },
          FIELD_RULES.visibleText,
        ]}
      />
      <ProFormText
        name="code"
        label="角色编码"
        placeholder="例如：village_admin"
        disabled={role?.builtIn}
        extra={role?.builtIn ? '内置角色的编码不能修改' : '用于系统识别，创建后尽量不要修改'}
        rules={[
          { required: true, message: '请输入角色编码' },
          { pattern: /^[a-z][a-z0-9_]{1,31}$/, message: '角色编码为2-32位小写字母、数字或下划线，以字母开头' },
        ]}
      />
      <ProFormCheckbox.Group
        name="permissions"
        label="菜单权限"
        extra="决定该角色可以进入哪些后台菜单并调用对应的功能"
        disabled={isAdminRole}
        options={(permissions.data ?? []).map((p) => ({ value: p.key, label: p.label }))}
      />
      <ProFormRadio.Group
        name="dataScope"
        label="数据范围"
        disabled={isAdminRole}
        rules={[{ required: true, message: '请选择数据范围' }]}
        options={DATA_SCOPES.map((scope) => ({ value: scope, label: DATA_SCOPE_LABELS[scope] }))}
      />
    </RecordDialog>
  );
}
