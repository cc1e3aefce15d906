import { history, Link } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Alert, Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import type { AreaItem } from '@common/contracts/system';
import UserPageLayout from '@/components/UserPageLayout';
import { register } from '@/services/auth';
import { queryAreas } from '@/services/system';
import { handleFormError } from '@/utils/apiError';
import { FIELD_HINTS, FIELD_RULES, passwordRule, sameAs } from '@/utils/formRules';

interface RegisterValues {
  name: string;
  phone: string;
  account: string;
  password: string;
  confirm: string;
  area: number;
}

function RegisterForm() {
  const [form] = Form.useForm<RegisterValues>();
  const [submitting, setSubmitting] = useState(false);
  const areas = useRequest(async (): Promise<AreaItem[]> => (await queryAreas({ skipErrorHandler: true })).data ?? []);

  const onFinish = async (values: RegisterValues) => {
    setSubmitting(true);
    try {
      await register(
        {
          name: values.name.trim(),
          phone: values.phone,
          account: values.account,
          password: values.password,
          area: values.area,
        },
        { skipErrorHandler: true },
      );
      history.push(`/user/register-result?account=${encodeURIComponent(values.account)}`);
    } catch (error) {
      handleFormError(error, form);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="user-page-card">
      <h2>村民注册</h2>
      <Alert type="info" showIcon message="注册后需由中心管理员审核，审核通过后即可登录。" style={{ marginBottom: 20 }} />
      <Form<RegisterValues> name="register" form={form} layout="vertical" onFinish={onFinish} requiredMark scrollToFirstError>
        <Form.Item
          name="name"
          label="姓名"
          rules={[{ required: true, whitespace: true, message: '请输入姓名' }, FIELD_RULES.personName, FIELD_RULES.visibleText]}
        >
          <Input placeholder="请输入真实姓名" autoComplete="name" />
        </Form.Item>
        <Form.Item name="phone" label="手机号码" rules={[{ required: true, message: '请输入手机号码' }, FIELD_RULES.phone]}>
          <Input placeholder={FIELD_HINTS.phone} inputMode="numeric" maxLength={11} autoComplete="tel" />
        </Form.Item>
        <Form.Item name="area" label="所在村（社区）" rules={[{ required: true, message: '请选择所在村（社区）' }]}>
          <Select
            placeholder={areas.error ? '加载失败，请刷新重试' : '请选择'}
            loading={areas.loading}
            options={(areas.data ?? []).filter((a) => a.active).map((a) => ({ value: a.id, label: a.name }))}
            notFoundContent={areas.error ? '区域加载失败' : '暂无数据'}
          />
        </Form.Item>
        <Form.Item name="account" label="登录账号" rules={[{ required: true, message: '请输入登录账号' }, FIELD_RULES.account]}>
          <Input placeholder={FIELD_HINTS.account} autoComplete="username" />
        </Form.Item>
        <Form.Item
          name="password"
          label="密码"
          hasFeedback
          dependencies={['account', 'phone']}
          rules={[
            { required: true, message: '请输入密码' },
            FIELD_RULES.password,
            passwordRule({ fields: { account: 'account', phone: 'phone' } }),
          ]}
        >
          <Input.Password placeholder={FIELD_HINTS.password} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认密码"
          dependencies={['password']}
          hasFeedback
          rules={[{ required: true, message: '请再次输入密码' }, sameAs('password')]}
        >
          <Input.Password placeholder="再次输入密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
            提交注册
          </Button>
        </Form.Item>
        <Form.Item style={{ textAlign: 'center' }}>
          已有账号？<Link to="/user/login">返回登录</Link>
        </Form.Item>
      </Form>
    </div>
  );
}

export default function RegisterPage() {
  return (
    <UserPageLayout wide>
      <RegisterForm />
    </UserPageLayout>
  );
}
