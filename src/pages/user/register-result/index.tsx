import { history, useSearchParams } from '@umijs/max';
import { Button, Result } from 'antd';
import UserPageLayout from '@/components/UserPageLayout';

export default function RegisterResultPage() {
  const [searchParams] = useSearchParams();
  const account = searchParams.get('account');
  return (
    <UserPageLayout wide>
      <div className="user-page-card">
        <Result
          status="success"
          title="注册申请已提交，等待审核"
          subTitle={
            account
              ? `账号「${account}」正在等待管理员审核，审核通过后即可使用该账号登录。`
              : '您的账号正在等待管理员审核，审核通过后即可登录。'
          }
          extra={
            <Button type="primary" size="large" onClick={() => history.push('/user/login')}>
              返回登录
            </Button>
          }
        />
      </div>
    </UserPageLayout>
  );
}
