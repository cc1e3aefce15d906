import { Typography } from 'antd';
import type { PhotoReportItem } from '@common/contracts/people';
import { LIMITS } from '@common/limits';
import type { Option } from '@/hooks/useReferenceOptions';
import type { ProColumns } from '@/components/ListTable';
import { CellText, RowLink } from '@/components/TableParts';
import { formatTime } from '@/utils/format';
import { PHOTO_REPORT_TYPE_OPTIONS, PhotoReportStatusBadge, PhotoReportTypeTag, coordinatesText } from '../../components/peopleMeta';
import ShotActions from './ShotActions';
import SubmittedTime from './SubmittedTime';
import type { ShotActionApi } from './useShotActions';

interface Options {
  areas: Option[];
  actions: ShotActionApi;
  onOpen: (report: PhotoReportItem) => void;
  /** On a phone a fixed column would cover the table. */
  fixActions: boolean;
}

/** The cover photo with how many there are; opens the report. Its name holds the words it shows (3张, 无照片). */
function Thumb({ report, onOpen }: { report: PhotoReportItem; onOpen: () => void }) {
  const shown = !report.cover ? '，无照片' : report.imageCount > 1 ? `，共${report.imageCount}张` : '';
  return (
    <RowLink className="people-thumb" onClick={onOpen} aria-label={`查看随手拍 #${report.id} 的照片${shown}`}>
      {report.cover ? <img src={report.cover.url} alt={`随手拍 #${report.id} 封面`} loading="lazy" /> : '无照片'}
      {report.imageCount > 1 ? <span className="people-thumb-count">{report.imageCount}张</span> : null}
    </RowLink>
  );
}

const Muted = () => <Typography.Text type="secondary">—</Typography.Text>;

/** Columns the column settings (⚙) can show; hidden at first so the rest fit 1366×768. */
export const SHOT_OPTIONAL_COLUMNS = ['handlerName'] as const;

export function shotColumns({ areas, actions, onOpen, fixActions }: Options): ProColumns<PhotoReportItem>[] {
  return [
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '描述、位置或提交人', maxLength: LIMITS.peopleKeyword },
    },
    {
      title: '照片',
      dataIndex: 'cover',
      search: false,
      width: 80,
      render: (_, report) => <Thumb report={report} onOpen={() => onOpen(report)} />,
    },
    {
      title: '类型',
      dataIndex: 'type',
      valueType: 'select',
      fieldProps: { options: PHOTO_REPORT_TYPE_OPTIONS, placeholder: '全部类型' },
      width: 92,
      render: (_, report) => <PhotoReportTypeTag type={report.type} />,
    },
    {
      title: '问题描述',
      dataIndex: 'excerpt',
      search: false,
      // Narrow enough for the selection column at 1366×768; the text is clamped with a title.
      width: 204,
      render: (_, report) => (
        <RowLink className="people-cell-clamp" onClick={() => onOpen(report)} title={report.excerpt}>
          {report.excerpt}
        </RowLink>
      ),
    },
    {
      title: '区域与位置',
      dataIndex: 'area',
      valueType: 'select',
      fieldProps: { options: areas, showSearch: true, optionFilterProp: 'label', placeholder: '全部区域' },
      formItemProps: { label: '区域' },
      width: 120,
      render: (_, report) => {
        const coordinates = coordinatesText(report.lat, report.lng);
        return (
          <>
            <CellText text={report.areaName} />
            {report.location ? <CellText text={report.location} className="people-cell-sub" /> : null}
            {coordinates ? (
              <span className="people-cell-sub" title={coordinates}>
                已定位
              </span>
            ) : null}
          </>
        );
      },
    },
    {
      title: '提交人',
      dataIndex: 'submitterName',
      search: false,
      width: 88,
      render: (_, report) => <CellText text={report.submitterName} />,
    },
    {
      title: '提交时间',
      dataIndex: 'period',
      valueType: 'dateRange',
      width: 136,
      fieldProps: { placeholder: ['开始日期', '结束日期'] },
      render: (_, report) => <SubmittedTime report={report} />,
    },
    {
      title: '状态',
      dataIndex: 'status',
      search: false,
      width: 88,
      render: (_, report) => (
        <>
          <PhotoReportStatusBadge status={report.status} />
          {report.dispatchedAreaName ? (
            <CellText text={`转派 · ${report.dispatchedAreaName}`} className="people-cell-sub" />
          ) : report.handlerName ? (
            <CellText text={report.handlerName} className="people-cell-sub" />
          ) : null}
        </>
      ),
    },
    {
      title: '处理人',
      dataIndex: 'handlerName',
      search: false,
      width: 136,
      render: (_, report) =>
        report.handlerName ? (
          <>
            <CellText text={report.handlerName} />
            <span className="people-cell-sub">{formatTime(report.handledAt)}</span>
          </>
        ) : (
          <Muted />
        ),
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: fixActions ? 'right' : undefined,
      width: 172,
      render: (_, report) => (
        <ShotActions report={report} actions={actions} variant="link" lead={<RowLink onClick={() => onOpen(report)}>查看</RowLink>} />
      ),
    },
  ];
}
