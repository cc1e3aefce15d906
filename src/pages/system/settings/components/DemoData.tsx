import { DeleteOutlined } from '@ant-design/icons';
import { useRequest } from 'ahooks';
import { App, Button, Card, Skeleton, Typography } from 'antd';
import type { DemoCleared } from '@common/contracts/system';
import LoadError from '@/components/LoadError';
import { pageErrorMessage } from '@/hooks/usePagedList';
import { clearDemoData, queryDemoData } from '@/services/system';

/** What the answer says was removed, in one sentence. */
function clearedText({ removed, kept }: DemoCleared): string {
  const parts = [
    `${removed.accounts} 个演示账号`,
    removed.tasks && `${removed.tasks} 项任务`,
    removed.news && `${removed.news} 条新闻`,
    removed.appeals && `${removed.appeals} 条诉求`,
    removed.photoReports && `${removed.photoReports} 条随手拍`,
    removed.pictures && `${removed.pictures} 张图片`,
  ].filter(Boolean);
  const keptCount = kept.tasks + kept.groups + kept.orgUnits;
  return `演示数据已清除：删除了 ${parts.join('、')} 等${keptCount ? `；${keptCount} 条被正式数据引用的演示记录已保留` : ''}`;
}

/**
 * 清除演示数据 (ADR 0024): a new installation comes with demo accounts and records; before real
 * use an admin removes them all at once. Real accounts and what they made are never touched.
 */
export default function DemoData() {
  const { modal, message } = App.useApp();
  const summary = useRequest(async () => (await queryDemoData({ skipErrorHandler: true })).data);

  const confirm = () => {
    const { accounts = 0, records = 0 } = summary.data ?? {};
    modal.confirm({
      title: '清除全部演示数据？',
      width: 520,
      content: (
        <>
          <Typography.Paragraph>
            将删除 {accounts} 个演示账号（staff01、cadre02、villager02
            等），以及演示用的任务与上报、积分、新闻、中心和村情介绍、组织架构、群众诉求、随手拍、舆情与监测关键词、图片，共 {records}{' '}
            条演示记录，演示账号之后新建的内容也一并删除。
          </Typography.Paragraph>
          <Typography.Paragraph>
            正式账号和它们的数据不受影响；正式数据引用的少量演示记录（例如有正式上报的演示任务）会保留。此操作不能撤销。
          </Typography.Paragraph>
        </>
      ),
      okText: '清除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          const cleared = (await clearDemoData()).data;
          if (cleared) message.success(clearedText(cleared), 6);
        } catch {
          // The request layer says why.
        }
        summary.refresh();
      },
    });
  };

  return (
    <Card title="演示数据" className="settings-card">
      <LoadError message={summary.error ? pageErrorMessage(summary.error) : undefined} onRetry={summary.refresh} />
      {summary.loading && !summary.data ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : summary.data?.present ? (
        <>
          <Typography.Paragraph>
            {`安装时写入了演示账号和演示数据，便于熟悉系统：目前有 ${summary.data.accounts} 个演示账号和 ${summary.data.records} 条演示记录。演示账号的密码在首次启动时打印，任何知道它的人都能登录，正式使用前请清除。`}
          </Typography.Paragraph>
          <Button danger icon={<DeleteOutlined />} onClick={confirm}>
            清除演示数据
          </Button>
        </>
      ) : summary.data ? (
        <Typography.Text type="secondary">没有演示数据：演示账号和演示记录已清除，或安装时没有写入。</Typography.Text>
      ) : null}
    </Card>
  );
}
