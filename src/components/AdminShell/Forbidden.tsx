import { history, useModel } from '@umijs/max';
import { Button, Result, Space } from 'antd';
import { loginUrl } from '@/utils/session';

/** The 403 page shown inside the layout when a route's access key fails. */
export default function Forbidden() {
  const { initialState } = useModel('@@initialState');
  const signedIn = !!initialState?.currentUser;
  return (
    <Result
      status="403"
      title="403"
      subTitle={
        signedIn ? '抱歉，您的账号没有访问此页面的权限。如需开通，请联系系统管理员。' : '抱歉，您还没有登录或登录已过期，请先登录。'
      }
      extra={
        <Space>
          {signedIn ? (
            <Button type="primary" onClick={() => history.push('/entrance')}>
              返回工作台
            </Button>
          ) : (
            <Button type="primary" onClick={() => window.location.assign(loginUrl())}>
              去登录
            </Button>
          )}
          <Button onClick={() => history.back()}>返回上一页</Button>
        </Space>
      }
    />
  );
}
