import { ModalForm, type ProFormInstance, ProFormText } from '@ant-design/pro-components';
import { useRef } from 'react';
import { FRESH_DIALOG, dialogState } from '@/components/FormDialog';
import NewPasswordFields from '@/components/NewPasswordFields';
import { changePassword } from '@/services/auth';
import { handleFormError } from '@/utils/apiError';
import { signOut } from '@/utils/signOut';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/**
 * Changing one's password ends every session, so the user signs in again afterwards. `forced`: the
 * generated first password is still in use (the server refuses everything else), so the dialog
 * cannot be dismissed: no ×, no 取消, neither Esc nor a click beside it closes it.
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
  const formRef = useRef<ProFormInstance<Values>>();

  const submit = async (values: Values) => {
    try {
      await changePassword({ oldPassword: values.oldPassword, newPassword: values.newPassword }, { skipErrorHandler: true });
      // The change ended every session of the account on the server.
      await signOut({ notice: { kind: 'success', text: '密码已修改，请使用新密码重新登录' } });
    } catch (error) {
      handleFormError(error, formRef.current);
    }
  };

  return (
    <ModalForm<Values>
      title={forced ? '首次登录，请先修改初始密码' : '修改密码'}
      {...dialogState(open, onClose)}
      name="changePassword"
      formRef={formRef}
      width={520}
      modalProps={{ ...FRESH_DIALOG, okText: '确认修改', closable: !forced, maskClosable: !forced, keyboard: !forced }}
      submitter={forced ? { resetButtonProps: false } : undefined}
      onFinish={submit}
    >
      <ProFormText.Password
        name="oldPassword"
        label="原密码"
        fieldProps={{ autoComplete: 'current-password' }}
        rules={[{ required: true, message: '请输入原密码' }]}
      />
      <NewPasswordFields name="newPassword" person={person} />
    </ModalForm>
  );
}
