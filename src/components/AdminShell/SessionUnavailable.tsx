import { Button, Result, Space } from 'antd';
import PlainUserPageLayout from '@/components/PlainUserPageLayout';
import { appUrl } from '@/utils/session';

/**
 * In the admin layout when the signed-in user could not be loaded for a reason other than an ended
 * session (network, server or database down): the token is kept, so trying again may just work.
 */
export default function SessionUnavailable() {
  return (
    <PlainUserPageLayout wide>
      <div className="user-page-card">
        <Result
          status="warning"
          title="暂时无法连接服务器"
          subTitle="登录信息加载失败，可能是网络中断或服务器暂时不可用。请稍后重试；如果问题持续出现，请联系系统管理员。"
          extra={
            <Space wrap style={{ justifyContent: 'center' }}>
              <Button type="primary" onClick={() => window.location.reload()}>
                重试
              </Button>
              <Button onClick={() => window.location.assign(appUrl('/user/login'))}>重新登录</Button>
            </Space>
          }
        />
      </div>
    </PlainUserPageLayout>
  );
}
