import { ModalForm, type ProFormInstance } from '@ant-design/pro-components';
import { Typography } from 'antd';
import { useRef } from 'react';
import type { UserItem } from '@common/contracts/users';
import { FRESH_DIALOG, dialogState } from '@/components/FormDialog';
import NewPasswordFields from '@/components/NewPasswordFields';
import { resetUserPassword } from '@/services/users';
import { handleFormError } from '@/utils/apiError';
import { showMessage } from '@/utils/feedback';

interface Values {
  password: string;
  confirm: string;
}

/** Sets a new password; the user's sessions end, a lockout is lifted, and they must change it at next sign-in. */
export default function ResetPasswordModal({ user, onClose }: { user?: UserItem; onClose: () => void }) {
  const formRef = useRef<ProFormInstance<Values>>();

  const submit = async (values: Values) => {
    if (!user) return;
    try {
      await resetUserPassword(user.id, values.password, { skipErrorHandler: true });
      showMessage('success', `已重置「${user.name}」的密码，该用户下次登录时须先修改密码`);
      onClose();
    } catch (error) {
      handleFormError(error, formRef.current);
    }
  };

  return (
    <ModalForm<Values>
      title={user ? `重置密码：${user.name}（${user.account}）` : '重置密码'}
      {...dialogState(!!user, onClose)}
      name="resetPassword"
      formRef={formRef}
      width={520}
      modalProps={{ ...FRESH_DIALOG, okText: '确认重置' }}
      onFinish={submit}
    >
      <Typography.Paragraph type="secondary">该用户将退出所有已登录的设备，用新密码登录后须先改为自己的密码。</Typography.Paragraph>
      <NewPasswordFields name="password" person={user} hints />
    </ModalForm>
  );
}
