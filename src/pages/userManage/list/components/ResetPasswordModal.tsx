import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import type { UserItem } from '@common/contracts/users';
import { resetUserPassword } from '@/services/users';
import { handleFormError } from '@/utils/apiError';
import { showMessage } from '@/utils/feedback';
import { FIELD_HINTS, FIELD_RULES, passwordRule, sameAs } from '@/utils/formRules';

/** Sets a new password; the user's sessions end, a lockout is lifted, and they must change it at next sign-in. */
export default function ResetPasswordModal({ user, onClose }: { user?: UserItem; onClose: () => void }) {
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!user) return;
    // A failed validation is already shown under the fields.
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    try {
      await resetUserPassword(user.id, values.password, { skipErrorHandler: true });
      showMessage('success', `已重置「${user.name}」的密码，该用户下次登录时须先修改密码`);
      onClose();
    } catch (error) {
      handleFormError(error, form);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={user ? `重置密码：${user.name}（${user.account}）` : '重置密码'}
      open={!!user}
      onCancel={onClose}
      onOk={submit}
      okText="确认重置"
      confirmLoading={saving}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">该用户将退出所有已登录的设备，用新密码登录后须先改为自己的密码。</Typography.Paragraph>
      <Form name="resetPassword" form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="password"
          label="新密码"
          hasFeedback
          rules={[{ required: true, message: '请输入新密码' }, FIELD_RULES.password, passwordRule(user)]}
        >
          <Input.Password autoComplete="new-password" placeholder={FIELD_HINTS.password} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['password']}
          hasFeedback
          rules={[{ required: true, message: '请再次输入新密码' }, sameAs('password')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
