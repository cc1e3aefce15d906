import { ProFormText } from '@ant-design/pro-components';
import { FIELD_HINTS, FIELD_RULES, passwordRule, sameAs } from '@/utils/formRules';

/**
 * 新密码 and 确认新密码 of the admin's password dialogs (修改密码, 重置密码): the password rules, the
 * rule against the person's account and phone inside it, and the second entry checked against the
 * first as typed. `name` is the first field's name in the dialog's values; `hints` adds the
 * placeholders that say what a password needs.
 */
export default function NewPasswordFields({
  name,
  person,
  hints = false,
}: {
  name: string;
  person?: { account?: string; phone?: string };
  hints?: boolean;
}) {
  return (
    <>
      <ProFormText.Password
        name={name}
        label="新密码"
        hasFeedback
        placeholder={hints ? FIELD_HINTS.password : undefined}
        fieldProps={{ autoComplete: 'new-password' }}
        rules={[{ required: true, message: '请输入新密码' }, FIELD_RULES.password, passwordRule(person)]}
      />
      <ProFormText.Password
        name="confirm"
        label="确认新密码"
        dependencies={[name]}
        hasFeedback
        placeholder={hints ? '再次输入新密码' : undefined}
        fieldProps={{ autoComplete: 'new-password' }}
        rules={[{ required: true, message: '请再次输入新密码' }, sameAs(name)]}
      />
    </>
  );
}
