import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { history, Link, useModel, useSearchParams } from '@umijs/max';
import { Alert, App, Button, Form, Input } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ApiError } from '@common/contracts/base';
import routes from '../../../../config/routes';
import UserPageLayout from '@/components/UserPageLayout';
import { login, queryLoginCaptcha } from '@/services/auth';
import { apiErrorBody, apiErrorMessage } from '@/utils/apiError';
import { showMessageOnNextPage } from '@/utils/feedback';
import { computeAccess, landingPath } from '@/utils/routeAccess';
import { setToken, takeLoginNotice } from '@/utils/session';
import { noteSignedIn } from '@/utils/sessionHandover';
import CaptchaField, { type CaptchaState } from './components/CaptchaField';
import FirstPasswordForm from './components/FirstPasswordForm';

interface LoginValues {
  username: string;
  password: string;
  captcha?: string;
}

function LoginForm() {
  const { initialState, setInitialState } = useModel('@@initialState');
  const [searchParams] = useSearchParams();
  const { message } = App.useApp();
  const [form] = Form.useForm<LoginValues>();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();
  // Shown once the server asks for it (captchaRequired), and from then on: a picture is good once.
  const [captcha, setCaptcha] = useState<CaptchaState>();
  // A password someone else chose (generated, imported, set by a manager): a new one is set before going on.
  const [firstPassword, setFirstPassword] = useState<{ account: string; password: string }>();
  // Set when the app signed the user out and reloaded: say what happened once.
  const [notice] = useState(() => takeLoginNotice());
  useEffect(() => {
    if (notice?.kind === 'success') message.success(notice.text);
  }, [notice, message]);

  const refreshCaptcha = useCallback(async () => {
    setCaptcha((c) => ({ picture: c?.picture, loading: true, failed: false }));
    form.setFieldValue('captcha', '');
    try {
      const body = await queryLoginCaptcha({ skipErrorHandler: true });
      setCaptcha({ picture: body.data, loading: false, failed: false });
    } catch {
      setCaptcha({ loading: false, failed: true });
    }
  }, [form]);

  const enter = async (welcome: string) => {
    const currentUser = await initialState?.fetchUserInfo();
    if (currentUser?.mustChangePassword) return currentUser;
    flushSync(() => setInitialState((s) => (s ? { ...s, currentUser } : s)));
    showMessageOnNextPage('success', welcome);
    history.replace(landingPath(routes, computeAccess(currentUser), searchParams.get('redirect'), currentUser?.access));
    return currentUser;
  };

  const onFinish = async (values: LoginValues) => {
    setSubmitting(true);
    setError(undefined);
    const username = values.username.trim();
    try {
      const body = await login(
        {
          username,
          password: values.password,
          ...(captcha?.picture && values.captcha ? { captchaId: captcha.picture.captchaId, captcha: values.captcha.trim() } : {}),
        },
        { skipErrorHandler: true },
      );
      if (!body.data?.token) throw new Error('登录失败，请重试');
      setToken(body.data.token);
      noteSignedIn();
      const currentUser = await enter('登录成功');
      if (currentUser?.mustChangePassword) setFirstPassword({ account: username, password: values.password });
    } catch (e) {
      const answer = apiErrorBody(e) as ApiError | undefined;
      setError(apiErrorMessage(e));
      const captchaError = answer?.errors?.find((f) => f.field === 'captcha');
      if (answer?.captchaRequired || captcha) await refreshCaptcha();
      if (captchaError) form.setFields([{ name: 'captcha', errors: [captchaError.message] }]);
    } finally {
      setSubmitting(false);
    }
  };

  if (firstPassword) {
    return (
      <FirstPasswordForm
        account={firstPassword.account}
        oldPassword={firstPassword.password}
        onChanged={async (newPassword) => {
          // Changing it ended every session: sign in again with the new one and go on.
          const body = await login({ username: firstPassword.account, password: newPassword }, { skipErrorHandler: true });
          if (!body.data?.token) throw new Error('登录失败，请重试');
          setToken(body.data.token);
          noteSignedIn();
          await enter('密码已修改，欢迎使用');
        }}
      />
    );
  }

  return (
    <div className="user-page-card">
      <h2>账号登录</h2>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 24 }} role="alert" /> : null}
      {notice?.kind === 'warning' && !error ? (
        <Alert type="warning" showIcon message={notice.text} style={{ marginBottom: 24 }} role="alert" />
      ) : null}
      <Form<LoginValues> name="login" form={form} size="large" onFinish={onFinish} autoComplete="on" requiredMark={false}>
        <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入账号' }]}>
          <Input prefix={<UserOutlined />} placeholder="账号" autoComplete="username" aria-label="账号" />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" aria-label="密码" />
        </Form.Item>
        {captcha ? <CaptchaField state={captcha} onRefresh={() => void refreshCaptcha()} /> : null}
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            登 录
          </Button>
        </Form.Item>
        <Form.Item style={{ textAlign: 'center' }}>
          还没有账号？<Link to="/user/register">村民注册</Link>
        </Form.Item>
      </Form>
    </div>
  );
}

export default function LoginPage() {
  return (
    <UserPageLayout>
      <LoginForm />
    </UserPageLayout>
  );
}
