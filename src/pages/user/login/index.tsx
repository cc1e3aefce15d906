import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { history, Link, useModel, useSearchParams } from '@umijs/max';
import { Alert, App, Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import routes from '../../../../config/routes';
import UserPageLayout from '@/components/UserPageLayout';
import { login } from '@/services/auth';
import { apiErrorMessage } from '@/utils/apiError';
import { showMessageOnNextPage } from '@/utils/feedback';
import { computeAccess, landingPath } from '@/utils/routeAccess';
import { setToken, takeLoginNotice } from '@/utils/session';

interface LoginValues {
  username: string;
  password: string;
}

function LoginForm() {
  const { initialState, setInitialState } = useModel('@@initialState');
  const [searchParams] = useSearchParams();
  const { message } = App.useApp();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string>();
  // Set when the app signed the user out and reloaded: say what happened once.
  const [notice] = useState(() => takeLoginNotice());
  useEffect(() => {
    if (notice?.kind === 'success') message.success(notice.text);
  }, [notice, message]);

  const onFinish = async (values: LoginValues) => {
    setSubmitting(true);
    setError(undefined);
    try {
      const body = await login({ username: values.username.trim(), password: values.password }, { skipErrorHandler: true });
      if (!body.data?.token) throw new Error('登录失败，请重试');
      setToken(body.data.token);
      const currentUser = await initialState?.fetchUserInfo();
      flushSync(() => setInitialState((s) => (s ? { ...s, currentUser } : s)));
      showMessageOnNextPage('success', '登录成功');
      history.replace(landingPath(routes, computeAccess(currentUser), searchParams.get('redirect'), currentUser?.access));
    } catch (e) {
      setError(apiErrorMessage(e));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="user-page-card">
      <h2>账号登录</h2>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 24 }} role="alert" /> : null}
      {notice?.kind === 'warning' && !error ? (
        <Alert type="warning" showIcon message={notice.text} style={{ marginBottom: 24 }} role="alert" />
      ) : null}
      <Form<LoginValues> name="login" size="large" onFinish={onFinish} autoComplete="on" requiredMark={false}>
        <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入账号' }]}>
          <Input prefix={<UserOutlined />} placeholder="账号" autoComplete="username" aria-label="账号" />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" aria-label="密码" />
        </Form.Item>
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
