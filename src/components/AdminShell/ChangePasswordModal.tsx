import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { changePassword } from '@/services/auth';
import { handleFormError } from '@/utils/apiError';
import { FIELD_RULES, passwordRule, sameAs } from '@/utils/formRules';
import { signOut } from '@/utils/signOut';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/**
 * Changing one's password ends every session, so the user signs in again afterwards. `forced`: the
 * generated first password is still in use (the server refuses everything else), so the dialog
 * cannot be dismissed.
 */
export default function ChangePasswordModal({
  open,
  onClose,
  forced = false,
  person,
}: {
  open: boolean;
  onClose: () => void;
  forced?: boolean;
  /** Whose password: the rule refuses their account name and phone inside it. */
  person?: { account?: string; phone?: string };
}) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    // A failed validation is already shown under the fields.
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    try {
      await changePassword({ oldPassword: values.oldPassword, newPassword: values.newPassword }, { skipErrorHandler: true });
      // The change ended every session of the account on the server.
      await signOut({ notice: { kind: 'success', text: '密码已修改，请使用新密码重新登录' } });
    } catch (error) {
      handleFormError(error, form);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={forced ? '首次登录，请先修改初始密码' : '修改密码'}
      open={open}
      onCancel={forced ? undefined : onClose}
      closable={!forced}
      maskClosable={!forced}
      keyboard={!forced}
      footer={forced ? (_, { OkBtn }) => <OkBtn /> : undefined}
      onOk={submit}
      okText="确认修改"
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form name="changePassword" form={form} layout="vertical" requiredMark preserve={false}>
        <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label="新密码"
          rules={[{ required: true, message: '请输入新密码' }, FIELD_RULES.password, passwordRule(person)]}
          hasFeedback
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['newPassword']}
          hasFeedback
          rules={[{ required: true, message: '请再次输入新密码' }, sameAs('newPassword')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
