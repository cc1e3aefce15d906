import { history, useSearchParams } from '@umijs/max';
import { Button, Result, Space, Typography } from 'antd';
import UserPageLayout from '@/components/UserPageLayout';
import { wordsFor } from './statusWords';

/** Back where the person came from; a page opened on its own has nowhere to go back to. */
const goBack = () => (window.history.length > 1 ? history.back() : history.push('/entrance'));

/**
 * Where request errors with the redirect display type land, with errorCode and errorMessage
 * (docs/product.md §14).
 * Each status has its own heading and advice; the message the answer carried says what happened.
 */
export default function ExceptionPage() {
  const [searchParams] = useSearchParams();
  const errorCode = (searchParams.get('errorCode') ?? '').trim();
  const words = wordsFor(errorCode);
  const message = (searchParams.get('errorMessage') ?? '').trim() || words.text;
  const signIn = errorCode === '401' || errorCode === '403';
  return (
    <UserPageLayout wide>
      <div className="user-page-card">
        <Result
          status={words.picture}
          title={words.title}
          subTitle={
            <>
              <Typography.Paragraph style={{ marginBottom: 4 }}>{message}</Typography.Paragraph>
              <Typography.Paragraph type="secondary" style={{ marginBottom: errorCode ? 4 : 0 }}>
                {words.advice}
              </Typography.Paragraph>
              {errorCode ? <Typography.Text type="secondary">错误码：{errorCode}</Typography.Text> : null}
            </>
          }
          extra={
            <Space wrap style={{ justifyContent: 'center' }}>
              {signIn ? (
                <Button type="primary" onClick={() => history.push('/user/login')}>
                  重新登录
                </Button>
              ) : null}
              <Button type={signIn ? 'default' : 'primary'} onClick={goBack}>
                返回上一页
              </Button>
              <Button onClick={() => history.push('/entrance')}>返回工作台</Button>
            </Space>
          }
        />
      </div>
    </UserPageLayout>
  );
}
