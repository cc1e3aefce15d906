import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, DatePicker, Segmented, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { periodOf, REPORT_KIND_LABELS, REPORT_KINDS, type ReportKind, type ReportPeriod, shiftPeriod } from '@common/reportPeriod';

const UNIT: Record<ReportKind, string> = { week: '周', month: '月' };

/**
 * Week or month, the period before and after (never one that has not begun), and a calendar to
 * jump to any period up to today.
 */
export default function PeriodPicker({
  period,
  today,
  onChange,
}: {
  period: ReportPeriod;
  today: string;
  onChange: (period: ReportPeriod) => void;
}) {
  const previous = shiftPeriod(period, -1);
  const next = shiftPeriod(period, 1);
  const hasNext = next.from <= today;
  const unit = UNIT[period.kind];
  const format = (value: Dayjs) => {
    const shown = periodOf(period.kind, value.format('YYYY-MM-DD'));
    const day = (d: string) => `${Number(d.slice(5, 7))}月${Number(d.slice(8, 10))}日`;
    return shown.kind === 'week' ? `${shown.label}（${day(shown.from)}—${day(shown.to)}）` : shown.label;
  };
  return (
    <Space wrap size={[12, 8]} className="report-period">
      <Segmented
        aria-label="统计周期"
        value={period.kind}
        options={REPORT_KINDS.map((kind) => ({ value: kind, label: REPORT_KIND_LABELS[kind] }))}
        // The other unit from the same first day: the month the week began in, or a month's first week.
        onChange={(kind) => onChange(periodOf(kind as ReportKind, period.from))}
      />
      <Space.Compact>
        <Button icon={<LeftOutlined />} onClick={() => onChange(previous)} aria-label={`上一${unit}：${previous.label}`}>
          上一{unit}
        </Button>
        <DatePicker
          picker={period.kind}
          allowClear={false}
          value={dayjs(period.from)}
          format={format}
          aria-label={`选择${unit}`}
          disabledDate={(d) => d.format('YYYY-MM-DD') > today}
          onChange={(value) => value && onChange(periodOf(period.kind, value.format('YYYY-MM-DD')))}
          style={{ width: period.kind === 'week' ? 300 : 140 }}
        />
        <Button
          disabled={!hasNext}
          onClick={() => onChange(next)}
          aria-label={hasNext ? `下一${unit}：${next.label}` : `下一${unit}（尚未开始）`}
        >
          下一{unit}
          <RightOutlined />
        </Button>
      </Space.Compact>
    </Space>
  );
}
