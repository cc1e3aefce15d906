import { ModalForm, ProFormCheckbox, type ProFormInstance, ProFormRadio, ProFormText } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import { Alert } from 'antd';
import { useRef } from 'react';
import { DATA_SCOPE_LABELS, DATA_SCOPES, type DataScope, type PermissionKey } from '@common/constants';
import type { RoleItem } from '@common/contracts/roles';
import { LIMITS } from '@common/limits';
import { FRESH_DIALOG, dialogState } from '@/components/FormDialog';
import { createRole, updateRole } from '@/services/roles';
import { queryPermissions } from '@/services/system';
import { handleFormError } from '@/utils/apiError';
import { showMessage } from '@/utils/feedback';
import { FIELD_RULES } from '@/utils/formRules';

interface Values {
  name: string;
  code: string;
  permissions: PermissionKey[];
  dataScope: DataScope;
}

export default function RoleForm({
  open,
  role,
  onClose,
  onSaved,
}: {
  open: boolean;
  role?: RoleItem;
  onClose: () => void;
  onSaved: () => void;
}) {
  const formRef = useRef<ProFormInstance<Values>>();
  const permissions = useRequest(async () => (await queryPermissions()).data ?? []);
  const isAdminRole = role?.code === 'admin';

  const submit = async (values: Values) => {
    const body = { ...values, name: values.name.trim(), permissions: values.permissions ?? [] };
    try {
      if (role) await updateRole(role.id, body, { skipErrorHandler: true });
      else await createRole(body, { skipErrorHandler: true });
      showMessage('success', role ? `已保存角色「${body.name}」` : `已创建角色「${body.name}」`);
      onSaved();
    } catch (error) {
      handleFormError(error, formRef.current);
    }
  };

  return (
    <ModalForm<Values>
      title={role ? `编辑角色：${role.name}` : '新建角色'}
      {...dialogState(open, onClose)}
      name="roleForm"
      formRef={formRef}
      width={600}
      modalProps={{ ...FRESH_DIALOG, okText: '保存' }}
      initialValues={
        role
          ? { name: role.name, code: role.code, permissions: role.permissions as PermissionKey[], dataScope: role.dataScope }
          : { permissions: [], dataScope: 'self' }
      }
      onFinish={submit}
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
    </ModalForm>
  );
}
