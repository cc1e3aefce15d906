import { ExportOutlined } from '@ant-design/icons';
import { useRequest } from 'ahooks';
import { Button, Card, Result, Skeleton, Typography } from 'antd';
import PageContainer from '@/components/PageContainer';
import { getCenterIntroduction } from '@/services/introductions';
import { apiErrorMessage } from '@/utils/apiError';
import { formatTime } from '@/utils/format';
import CenterForm from './components/CenterForm';

/** 中心介绍: what /introductCenter shows, edited here. */
export default function CenterIntroductionPage() {
  const center = useRequest(async () => (await getCenterIntroduction({ skipErrorHandler: true })).data);
  const introduction = center.data;

  let body: React.ReactNode;
  if (center.error) {
    body = (
      <Card>
        <Result
          status="error"
          title="中心介绍加载失败"
          subTitle={apiErrorMessage(center.error)}
          extra={<Button onClick={center.refresh}>重试</Button>}
        />
      </Card>
    );
  } else if (!introduction) {
    body = (
      <Card>
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  } else {
    body = <CenterForm introduction={introduction} onSaved={(saved) => center.mutate(saved)} />;
  }

  return (
    <PageContainer
      title="中心介绍"
      subTitle="公开页面“中心介绍”显示的内容"
      content={
        introduction ? (
          <Typography.Text type="secondary" data-testid="last-updated">
            {introduction.updatedAt
              ? `最后更新：${formatTime(introduction.updatedAt)}${introduction.updatedByName ? `（${introduction.updatedByName}）` : ''}`
              : '还没有编辑过'}
          </Typography.Text>
        ) : undefined
      }
      extra={
        <Button key="public" icon={<ExportOutlined />} href="/introductCenter" target="_blank" rel="noopener noreferrer">
          查看公开页面
        </Button>
      }
    >
      {body}
    </PageContainer>
  );
}
