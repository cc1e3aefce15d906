import { useRequest } from 'ahooks';
import { Alert, Checkbox, Form, Input, Modal, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { DATA_SCOPE_LABELS, DATA_SCOPES, type DataScope, type PermissionKey } from '@common/constants';
import type { RoleItem } from '@common/contracts/roles';
import { LIMITS } from '@common/limits';
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
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const permissions = useRequest(async () => (await queryPermissions()).data ?? []);
  const isAdminRole = role?.code === 'admin';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (role) {
      form.setFieldsValue({
        name: role.name,
        code: role.code,
        permissions: role.permissions as PermissionKey[],
        dataScope: role.dataScope,
      });
    }
  }, [open, role, form]);

  const submit = async () => {
    // A failed validation is already shown under the fields.
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const body = { ...values, name: values.name.trim(), permissions: values.permissions ?? [] };
    setSaving(true);
    try {
      if (role) await updateRole(role.id, body, { skipErrorHandler: true });
      else await createRole(body, { skipErrorHandler: true });
      showMessage('success', role ? `已保存角色「${body.name}」` : `已创建角色「${body.name}」`);
      onSaved();
    } catch (error) {
      handleFormError(error, form);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={role ? `编辑角色：${role.name}` : '新建角色'}
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      confirmLoading={saving}
      width={600}
      destroyOnHidden
    >
      {isAdminRole ? (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message="超级管理员始终拥有全部权限和全部数据范围，只能修改名称。" />
      ) : null}
      <Form name="roleForm" form={form} layout="vertical" initialValues={{ permissions: [], dataScope: 'self' }}>
        <Form.Item
          name="name"
          label="角色名称"
          rules={[
            { required: true, whitespace: true, message: '请输入角色名称' },
            { max: LIMITS.roleName, message: `角色名称不能超过${LIMITS.roleName}个字符` },
            FIELD_RULES.visibleText,
          ]}
        >
          <Input placeholder="例如：村级管理员" />
        </Form.Item>
        <Form.Item
          name="code"
          label="角色编码"
          extra={role?.builtIn ? '内置角色的编码不能修改' : '用于系统识别，创建后尽量不要修改'}
          rules={[
            { required: true, message: '请输入角色编码' },
            { pattern: /^[a-z][a-z0-9_]{1,31}$/, message: '角色编码为2-32位小写字母、数字或下划线，以字母开头' },
          ]}
        >
          <Input placeholder="例如：village_admin" disabled={role?.builtIn} />
        </Form.Item>
        <Form.Item name="permissions" label="菜单权限" extra="决定该角色可以进入哪些后台菜单并调用对应的功能">
          <Checkbox.Group disabled={isAdminRole} options={(permissions.data ?? []).map((p) => ({ value: p.key, label: p.label }))} />
        </Form.Item>
        <Form.Item name="dataScope" label="数据范围" rules={[{ required: true, message: '请选择数据范围' }]}>
          <Radio.Group disabled={isAdminRole} options={DATA_SCOPES.map((scope) => ({ value: scope, label: DATA_SCOPE_LABELS[scope] }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
