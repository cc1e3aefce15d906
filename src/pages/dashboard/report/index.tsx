import { PrinterOutlined } from '@ant-design/icons';
import { history, useSearchParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Alert, Button, Card, Skeleton } from 'antd';
import { useEffect, useMemo } from 'react';
import { createPortal } from 'react-dom';
import type { Report } from '@common/contracts/reports';
import { momentText, reportDocument } from '@common/reportDocument';
import {
  isCalendarDay,
  lastCompletePeriod,
  periodOf,
  REPORT_KINDS,
  type ReportKind,
  type ReportPeriod,
  townshipToday,
} from '@common/reportPeriod';
import LoadError from '@/components/LoadError';
import PageContainer from '@/components/PageContainer';
import { usePageShown } from '@/components/Workbench/context';
import { pageErrorMessage } from '@/hooks/usePagedList';
import { queryReport } from '@/services/reports';
import DownloadButton from './components/DownloadButton';
import PeriodPicker from './components/PeriodPicker';
import ReportPaper from './components/ReportPaper';
import './index.css';

const PATH = '/dashboard/report';
const urlOf = (period: ReportPeriod) => `${PATH}?kind=${period.kind}&date=${period.from}`;

/**
 * The period the URL names (?kind=week|month&date=any day of it). Without one, or with a day not yet
 * come, the last period that has ended: what a clerk reports on on Monday morning (ADR 0020).
 */
function periodFromUrl(params: URLSearchParams, today: string): { period: ReportPeriod; canonical: boolean } {
  const kindParam = params.get('kind');
  const kind: ReportKind = REPORT_KINDS.includes(kindParam as ReportKind) ? (kindParam as ReportKind) : 'week';
  const date = params.get('date') ?? '';
  const period = isCalendarDay(date) && date <= today ? periodOf(kind, date) : lastCompletePeriod(kind, today);
  return { period, canonical: kindParam === kind && date === period.from };
}

/** Nothing happened in the period: say so above the (all-zero) report. */
const isQuiet = (r: Report) =>
  !r.tasks.issued &&
  !r.tasks.reportsReceived &&
  !r.points.earners &&
  !r.appeals.received &&
  !r.appeals.rated &&
  !r.photoReports.received &&
  !r.overdue.appealsTotal &&
  !r.overdue.tasksTotal;

/** 数据概览 › 通报: the township's weekly or monthly report, previewed as the document, downloaded as Word, printed. */
export default function ReportPage() {
  const [searchParams] = useSearchParams();
  // In a hidden workbench tab the printer's copy stands down: printing another page prints that page.
  const shown = usePageShown();
  const today = townshipToday();
  const { period, canonical } = periodFromUrl(searchParams, today);

  // A link without a period gets the default one written in, so a refresh next week shows the same report.
  const defaultUrl = canonical ? undefined : urlOf(period);
  useEffect(() => {
    if (defaultUrl) history.replace(defaultUrl);
  }, [defaultUrl]);

  const query = { kind: period.kind, date: period.from };
  const request = useRequest(async () => (await queryReport(query, { skipErrorHandler: true })).data, {
    refreshDeps: [period.kind, period.from],
  });
  // Figures of another period (the one just left) are never shown as this one's.
  const report =
    request.data && request.data.period.kind === period.kind && request.data.period.from === period.from ? request.data : undefined;
  const doc = useMemo(() => (report ? reportDocument(report) : undefined), [report]);
  const error = request.error && !request.loading ? pageErrorMessage(request.error) : undefined;

  return (
    <PageContainer
      title="工作通报"
      subTitle={report ? `${report.areaName} · ${report.period.label}` : period.label}
      extra={[
        <DownloadButton key="docx" query={query} disabled={!report} />,
        <Button key="print" icon={<PrinterOutlined />} disabled={!report} onClick={() => window.print()}>
          打印
        </Button>,
      ]}
    >
      <Card size="small" className="report-toolbar">
        <PeriodPicker period={period} today={today} onChange={(next) => history.push(urlOf(next))} />
      </Card>
      <LoadError message={error} onRetry={request.refresh} />
      {report?.period.partial ? (
        <Alert
          className="report-notice"
          type="warning"
          showIcon
          message={`本${period.kind === 'week' ? '周' : '月'}尚未结束，通报中的数据统计至 ${momentText(report.period.asOf)}，期末前下载的文档不是最终数据。`}
        />
      ) : null}
      {report && isQuiet(report) ? (
        <Alert
          className="report-notice"
          type="info"
          showIcon
          message="所选周期内没有任务、积分、诉求或随手拍数据，通报中各项均为零。可切换到其他周期查看。"
        />
      ) : null}
      <div className="report-desk">
        {doc ? (
          <ReportPaper doc={doc} label="通报预览" />
        ) : error ? null : (
          <div className="report-paper" aria-busy="true" aria-label="通报生成中">
            <Skeleton active title={{ width: '60%' }} paragraph={{ rows: 12 }} />
          </div>
        )}
      </div>
      {/* The copy the printer gets: a sibling of the app root, the only thing print styles show. */}
      {doc && shown
        ? createPortal(
            <div className="report-print" aria-hidden="true">
              <ReportPaper doc={doc} />
            </div>,
            document.body,
          )
        : null}
    </PageContainer>
  );
}
