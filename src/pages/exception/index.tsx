import { history, useSearchParams } from '@umijs/max';
import { Button, Result, Space } from 'antd';
import { MESSAGES } from '@common/constants';
import UserPageLayout from '@/components/UserPageLayout';

const KNOWN_STATUS = new Set(['403', '404', '500']);

/** Seed §2: where request errors with the redirect display type land, with errorCode and errorMessage. */
export default function ExceptionPage() {
  const [searchParams] = useSearchParams();
  const errorCode = searchParams.get('errorCode') ?? '';
  const errorMessage = searchParams.get('errorMessage') || MESSAGES.requestError;
  const status = KNOWN_STATUS.has(errorCode) ? (errorCode as '403' | '404' | '500') : 'error';
  return (
    <UserPageLayout wide>
      <div className="user-page-card">
        <Result
          status={status}
          title={errorCode ? `出错了（错误码 ${errorCode}）` : '出错了'}
          subTitle={errorMessage}
          extra={
            <Space wrap style={{ justifyContent: 'center' }}>
              <Button type="primary" onClick={() => history.back()}>
                返回上一页
              </Button>
              <Button onClick={() => history.push('/user/login')}>重新登录</Button>
            </Space>
          }
        />
      </div>
    </UserPageLayout>
  );
}
