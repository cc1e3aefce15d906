import { DrawerForm, ProFormDependency, type ProFormInstance, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { useRef } from 'react';
import type { RoleItem } from '@common/contracts/roles';
import { ROLE_NEEDS_AREA_MESSAGE, roleNeedsArea } from '@common/scope';
import type { UserItem } from '@common/contracts/users';
import { FRESH_DIALOG, dialogState } from '@/components/FormDialog';
import type { Option } from '@/hooks/useReferenceOptions';
import { createUser, updateUser } from '@/services/users';
import { handleFormError } from '@/utils/apiError';
import { showMessage } from '@/utils/feedback';
import { FIELD_HINTS, FIELD_RULES, passwordRule } from '@/utils/formRules';

interface UserFormValues {
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

const needsArea = (role?: RoleItem) => !!role && roleNeedsArea(role);

export default function UserForm({ open, user, roles, areaOptions, groupOptions, onClose, onSaved }: Props) {
  const formRef = useRef<ProFormInstance<UserFormValues>>();

  const submit = async (values: UserFormValues) => {
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
      handleFormError(error, formRef.current);
    }
  };

  return (
    <DrawerForm<UserFormValues>
      title={user ? `编辑用户：${user.name}` : '新建用户'}
      {...dialogState(open, onClose)}
      name="userForm"
      formRef={formRef}
      width={480}
      drawerProps={FRESH_DIALOG}
      submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
      initialValues={
        user
          ? { account: user.account, name: user.name, phone: user.phone, roleId: user.roleId, area: user.area, groupIds: user.groupIds }
          : { groupIds: [] }
      }
      onFinish={submit}
    >
      <ProFormText
        name="account"
        label="登录账号"
        placeholder={FIELD_HINTS.account}
        fieldProps={{ autoComplete: 'off' }}
        rules={[{ required: true, message: '请输入登录账号' }, FIELD_RULES.account]}
      />
      <ProFormText
        name="name"
        label="姓名"
        placeholder="真实姓名"
        rules={[{ required: true, whitespace: true, message: '请输入姓名' }, FIELD_RULES.personName, FIELD_RULES.visibleText]}
      />
      <ProFormText
        name="phone"
        label="手机号码"
        placeholder={FIELD_HINTS.phone}
        fieldProps={{ maxLength: 11, inputMode: 'numeric' }}
        rules={[{ required: true, message: '请输入手机号码' }, FIELD_RULES.phone]}
      />
      {user ? null : (
        <ProFormText.Password
          name="password"
          label="初始密码"
          extra="请告知本人；首次登录时须先改为自己的密码"
          dependencies={['account', 'phone']}
          placeholder={FIELD_HINTS.password}
          fieldProps={{ autoComplete: 'new-password' }}
          rules={[
            { required: true, message: '请输入初始密码' },
            FIELD_RULES.password,
            passwordRule({ fields: { account: 'account', phone: 'phone' } }),
          ]}
        />
      )}
      <ProFormSelect
        name="roleId"
        label="角色"
        placeholder="请选择角色"
        options={roles.map((r) => ({ value: r.id, label: r.name }))}
        fieldProps={{ showSearch: true, optionFilterProp: 'label' }}
        rules={[{ required: true, message: '请选择角色' }]}
      />
      <ProFormDependency name={['roleId']}>
        {({ roleId }) => {
          const areaRequired = needsArea(roles.find((r) => r.id === roleId));
          return (
            <ProFormSelect
              name="area"
              label="所属区域"
              placeholder="请选择所属村（社区）"
              options={areaOptions}
              allowClear
              extra={areaRequired ? undefined : '中心工作人员可不选'}
              rules={[{ required: areaRequired, message: ROLE_NEEDS_AREA_MESSAGE }]}
            />
          );
        }}
      </ProFormDependency>
      <ProFormSelect
        name="groupIds"
        label="用户分组"
        mode="multiple"
        placeholder="可选择多个分组"
        options={groupOptions}
        fieldProps={{ optionFilterProp: 'label' }}
      />
    </DrawerForm>
  );
}
