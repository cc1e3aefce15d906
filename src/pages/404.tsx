import { history } from '@umijs/max';
import { Button, Result, Space } from 'antd';
import UserPageLayout from '@/components/UserPageLayout';

export default function NotFoundPage() {
  return (
    <UserPageLayout wide>
      <div className="user-page-card">
        <Result
          status="404"
          title="404"
          subTitle="抱歉，您访问的页面不存在，可能已被删除或地址有误。"
          extra={
            <Space wrap style={{ justifyContent: 'center' }}>
              <Button type="primary" onClick={() => history.push('/user/login')}>
                返回首页
              </Button>
              <Button onClick={() => history.back()}>返回上一页</Button>
            </Space>
          }
        />
      </div>
    </UserPageLayout>
  );
}
