import { LockOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { changePassword } from '@/services/auth';
import { handleFormError } from '@/utils/apiError';
import { FIELD_RULES, passwordRule, sameAs } from '@/utils/formRules';

interface Values {
  newPassword: string;
  confirm: string;
}

/**
 * A sign-in with a password someone else chose (printed at installation, imported, or set or reset
 * by a manager, ADR 0045): a new one is chosen before anything else (the server refuses every
 * other call until then). The old one was just typed.
 */
export default function FirstPasswordForm({
  account,
  oldPassword,
  onChanged,
}: {
  /** The account name typed at sign-in: the rule refuses it inside the new password. */
  account: string;
  oldPassword: string;
  onChanged: (newPassword: string) => Promise<void>;
}) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const onFinish = async ({ newPassword }: Values) => {
    setSaving(true);
    try {
      await changePassword({ oldPassword, newPassword }, { skipErrorHandler: true });
      await onChanged(newPassword);
    } catch (error) {
      handleFormError(error, form);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="user-page-card">
      <h2>修改初始密码</h2>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 24 }}
        message="首次登录，请先设置新密码"
        description="管理员设置或重置的密码（或安装时生成的密码）只能用于这一次登录。设置自己的新密码后即可进入系统。"
      />
      <Form<Values> name="firstPassword" form={form} size="large" layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item
          name="newPassword"
          label="新密码"
          hasFeedback
          rules={[
            { required: true, message: '请输入新密码' },
            FIELD_RULES.password,
            passwordRule({ account }),
            {
              validator: (_, value) =>
                value && value === oldPassword ? Promise.reject(new Error('新密码不能与初始密码相同')) : Promise.resolve(),
            },
          ]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" aria-label="新密码" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['newPassword']}
          hasFeedback
          rules={[{ required: true, message: '请再次输入新密码' }, sameAs('newPassword')]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" aria-label="确认新密码" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={saving}>
            设置新密码并进入系统
          </Button>
        </Form.Item>
      </Form>
    </div>
  );
}
