import { Button, Drawer, Form, Input, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import type { RoleItem } from '@common/contracts/roles';
import type { UserItem } from '@common/contracts/users';
import type { Option } from '@/hooks/useReferenceOptions';
import { createUser, updateUser } from '@/services/users';
import { handleFormError } from '@/utils/apiError';
import { showMessage } from '@/utils/feedback';
import { FIELD_HINTS, FIELD_RULES, passwordRule } from '@/utils/formRules';

export interface UserFormValues {
  account: string;
  name: string;
  phone: string;
  password?: string;
  roleId: number;
  area?: number | null;
  groupIds: number[];
}

interface Props {
  open: boolean;
  /** The user being edited; undefined creates a new one. */
  user?: UserItem;
  roles: RoleItem[];
  areaOptions: Option[];
  groupOptions: Option[];
  onClose: () => void;
  onSaved: () => void;
}

/** Roles tied to a place (village cadres, villagers) need an area. */
const needsArea = (role?: RoleItem) => !!role && (role.dataScope === 'area' || ['village', 'villager'].includes(role.code));

export default function UserForm({ open, user, roles, areaOptions, groupOptions, onClose, onSaved }: Props) {
  const [form] = Form.useForm<UserFormValues>();
  const [saving, setSaving] = useState(false);
  const roleId = Form.useWatch('roleId', form);
  const selectedRole = roles.find((r) => r.id === roleId);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (user) {
      form.setFieldsValue({
        account: user.account,
        name: user.name,
        phone: user.phone,
        roleId: user.roleId,
        area: user.area,
        groupIds: user.groupIds,
      });
    }
  }, [open, user, form]);

  const submit = async (values: UserFormValues) => {
    setSaving(true);
    const common = {
      account: values.account.trim(),
      name: values.name.trim(),
      phone: values.phone.trim(),
      roleId: values.roleId,
      area: values.area ?? null,
      groupIds: values.groupIds ?? [],
    };
    try {
      if (user) {
        await updateUser(user.id, common, { skipErrorHandler: true });
        showMessage('success', `已保存用户「${common.name}」`);
      } else {
        await createUser({ ...common, password: values.password as string }, { skipErrorHandler: true });
        showMessage('success', `已创建用户「${common.name}」，请将初始密码告知本人，首次登录时须修改密码`);
      }
      onSaved();
    } catch (error) {
      handleFormError(error, form);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      title={user ? `编辑用户：${user.name}` : '新建用户'}
      open={open}
      onClose={onClose}
      width={480}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      <Form<UserFormValues> name="userForm" form={form} layout="vertical" onFinish={submit} initialValues={{ groupIds: [] }}>
        <Form.Item name="account" label="登录账号" rules={[{ required: true, message: '请输入登录账号' }, FIELD_RULES.account]}>
          <Input placeholder={FIELD_HINTS.account} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="name"
          label="姓名"
          rules={[{ required: true, whitespace: true, message: '请输入姓名' }, FIELD_RULES.personName, FIELD_RULES.visibleText]}
        >
          <Input placeholder="真实姓名" />
        </Form.Item>
        <Form.Item name="phone" label="手机号码" rules={[{ required: true, message: '请输入手机号码' }, FIELD_RULES.phone]}>
          <Input placeholder={FIELD_HINTS.phone} maxLength={11} inputMode="numeric" />
        </Form.Item>
        {user ? null : (
          <Form.Item
            name="password"
            label="初始密码"
            extra="请告知本人；首次登录时须先改为自己的密码"
            dependencies={['account', 'phone']}
            rules={[
              { required: true, message: '请输入初始密码' },
              FIELD_RULES.password,
              passwordRule({ fields: { account: 'account', phone: 'phone' } }),
            ]}
          >
            <Input.Password placeholder={FIELD_HINTS.password} autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item name="roleId" label="角色" rules={[{ required: true, message: '请选择角色' }]}>
          <Select
            placeholder="请选择角色"
            options={roles.map((r) => ({ value: r.id, label: r.name }))}
            showSearch
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item
          name="area"
          label="所属区域"
          rules={[{ required: needsArea(selectedRole), message: '该角色必须选择所属村（社区）' }]}
          extra={needsArea(selectedRole) ? undefined : '中心工作人员可不选'}
        >
          <Select placeholder="请选择所属村（社区）" options={areaOptions} allowClear />
        </Form.Item>
        <Form.Item name="groupIds" label="用户分组">
          <Select mode="multiple" placeholder="可选择多个分组" options={groupOptions} optionFilterProp="label" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
