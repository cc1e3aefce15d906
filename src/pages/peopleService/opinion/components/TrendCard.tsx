import { Button, Card, Empty, Result, Skeleton, Space, Typography } from 'antd';
import { Suspense, lazy } from 'react';
import { OPINION_SENTIMENT_LABELS, OPINION_TREND_DAYS, type OpinionSentiment } from '@common/constants';
import type { OpinionTrendDay } from '@common/contracts/people';
import { SENTIMENT_COLORS } from '../../components/peopleMeta';

// echarts is big: the chart arrives in its own chunk.
const TrendChart = lazy(() => import('./TrendChart'));

interface Props {
  /** Undefined until the first load answers. */
  days?: OpinionTrendDay[];
  /** The load failed: why. */
  error?: string;
  onRetry: () => void;
}

const SUMMARY: OpinionSentiment[] = ['positive', 'neutral', 'negative'];
const TEXT_COLORS: Record<string, string | undefined> = { green: '#389e0d', red: '#cf1322', default: undefined };

/** The sentiment trend of the last days, with its totals; loading, failed and empty each say so. */
export default function TrendCard({ days, error, onRetry }: Props) {
  const totals = SUMMARY.map((sentiment) => ({
    sentiment,
    count: (days ?? []).reduce((sum, day) => sum + day[sentiment], 0),
  }));
  const empty = !!days && totals.every((t) => t.count === 0);

  let body: React.ReactNode;
  if (error && !days) {
    body = (
      <Result
        status="warning"
        title="舆情趋势加载失败"
        subTitle={error}
        extra={<Button onClick={onRetry}>重试</Button>}
        className="opinion-trend-state"
      />
    );
  } else if (!days) {
    body = <Skeleton active paragraph={{ rows: 6 }} className="opinion-trend-state" />;
  } else if (empty) {
    body = (
      <Empty
        className="opinion-trend-state"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={`近${OPINION_TREND_DAYS}天没有舆情记录。新增舆情，或群众诉求、随手拍命中监测关键词后，这里会按天显示正面、中性、负面的数量。`}
      />
    );
  } else {
    body = (
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} className="opinion-trend-state" />}>
        <TrendChart days={days} />
      </Suspense>
    );
  }

  // A failed reload keeps the last chart and says so.
  let extra: React.ReactNode = null;
  if (error && days) {
    extra = (
      <Typography.Link type="danger" onClick={onRetry}>
        刷新失败，点击重试
      </Typography.Link>
    );
  } else if (days && !empty) {
    extra = (
      <Space size={12} aria-label="舆情合计">
        {totals.map(({ sentiment, count }) => (
          <span key={sentiment} style={{ color: TEXT_COLORS[SENTIMENT_COLORS[sentiment]] }}>
            {OPINION_SENTIMENT_LABELS[sentiment]} {count}
          </span>
        ))}
      </Space>
    );
  }

  return (
    <Card title={`近${OPINION_TREND_DAYS}天舆情趋势`} size="small" extra={extra} className="opinion-card">
      {body}
    </Card>
  );
}
