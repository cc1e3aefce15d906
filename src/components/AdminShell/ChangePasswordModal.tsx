import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { PASSWORD_PATTERN, RULE_MESSAGES } from '@common/constants';
import { changePassword } from '@/services/auth';
import { handleFormError } from '@/utils/apiError';
import { appUrl, clearToken } from '@/utils/session';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** Changing one's password ends every session, so the user signs in again afterwards. */
export default function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();

  const submit = async () => {
    // A failed validation is already shown under the fields.
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    try {
      await changePassword({ oldPassword: values.oldPassword, newPassword: values.newPassword }, { skipErrorHandler: true });
      message.success('密码已修改，请使用新密码重新登录');
      clearToken();
      window.setTimeout(() => window.location.replace(appUrl('/user/login')), 800);
    } catch (error) {
      handleFormError(error, form);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title="修改密码" open={open} onCancel={onClose} onOk={submit} okText="确认修改" confirmLoading={saving} destroyOnHidden>
      <Form name="changePassword" form={form} layout="vertical" requiredMark preserve={false}>
        <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label="新密码"
          rules={[
            { required: true, message: '请输入新密码' },
            { pattern: new RegExp(PASSWORD_PATTERN), message: RULE_MESSAGES.password },
          ]}
          hasFeedback
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['newPassword']}
          hasFeedback
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || getFieldValue('newPassword') === value ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
