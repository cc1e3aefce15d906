import { history } from '@umijs/max';
import { Button, Result, Space } from 'antd';

/**
 * The 403 page shown inside the layout when a route's access key fails. Only a signed-in user gets
 * here: without one the layout holds the sign-in gate instead (src/components/SignInGate.tsx).
 */
export default function Forbidden() {
  return (
    <Result
      status="403"
      title="403"
      subTitle="抱歉，您的账号没有访问此页面的权限。如需开通，请联系系统管理员。"
      extra={
        <Space>
          <Button type="primary" onClick={() => history.push('/entrance')}>
            返回工作台
          </Button>
          <Button onClick={() => history.back()}>返回上一页</Button>
        </Space>
      }
    />
  );
}
