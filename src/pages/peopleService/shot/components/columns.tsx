import type { ProColumns } from '@ant-design/pro-components';
import { Space, Typography } from 'antd';
import type { PhotoReportItem } from '@common/contracts/people';
import type { Option } from '@/hooks/useReferenceOptions';
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

/** The cover photo with how many there are; opens the report. */
function Thumb({ report, onOpen }: { report: PhotoReportItem; onOpen: () => void }) {
  return (
    <a className="people-thumb" onClick={onOpen} aria-label={`查看随手拍 #${report.id} 的照片`}>
      {report.cover ? <img src={report.cover.url} alt={`随手拍 #${report.id} 封面`} loading="lazy" /> : '无照片'}
      {report.imageCount > 1 ? <span className="people-thumb-count">{report.imageCount}张</span> : null}
    </a>
  );
}

const Muted = () => <Typography.Text type="secondary">—</Typography.Text>;

export function shotColumns({ areas, actions, onOpen, fixActions }: Options): ProColumns<PhotoReportItem>[] {
  return [
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '描述、位置或提交人', maxLength: 50 },
    },
    {
      title: '照片',
      dataIndex: 'cover',
      search: false,
      width: 88,
      render: (_, report) => <Thumb report={report} onOpen={() => onOpen(report)} />,
    },
    {
      title: '类型',
      dataIndex: 'type',
      valueType: 'select',
      fieldProps: { options: PHOTO_REPORT_TYPE_OPTIONS, placeholder: '全部类型' },
      width: 96,
      render: (_, report) => <PhotoReportTypeTag type={report.type} />,
    },
    {
      title: '问题描述',
      dataIndex: 'excerpt',
      search: false,
      width: 240,
      render: (_, report) => (
        <Typography.Link className="people-cell-clamp" onClick={() => onOpen(report)} title={report.excerpt}>
          {report.excerpt}
        </Typography.Link>
      ),
    },
    {
      title: '区域',
      dataIndex: 'area',
      valueType: 'select',
      fieldProps: { options: areas, showSearch: true, optionFilterProp: 'label', placeholder: '全部区域' },
      width: 96,
      render: (_, report) => report.areaName,
    },
    {
      title: '位置',
      dataIndex: 'location',
      search: false,
      width: 140,
      render: (_, report) => {
        const coordinates = coordinatesText(report.lat, report.lng);
        return (
          <Space direction="vertical" size={0}>
            {report.location ? <span>{report.location}</span> : <Muted />}
            {coordinates ? (
              <span className="people-cell-sub" title={coordinates}>
                已定位
              </span>
            ) : null}
          </Space>
        );
      },
    },
    {
      title: '提交人',
      dataIndex: 'submitterName',
      search: false,
      width: 88,
    },
    {
      title: '提交时间',
      dataIndex: 'period',
      valueType: 'dateRange',
      width: 150,
      fieldProps: { placeholder: ['开始日期', '结束日期'] },
      render: (_, report) => <SubmittedTime report={report} />,
    },
    {
      title: '状态',
      dataIndex: 'status',
      search: false,
      width: 84,
      render: (_, report) => <PhotoReportStatusBadge status={report.status} />,
    },
    {
      title: '处理人',
      dataIndex: 'handlerName',
      search: false,
      width: 124,
      render: (_, report) =>
        report.handlerName ? (
          <Space direction="vertical" size={0}>
            <span>{report.handlerName}</span>
            <span className="people-cell-sub">{formatTime(report.handledAt)}</span>
          </Space>
        ) : (
          <Muted />
        ),
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: fixActions ? 'right' : undefined,
      width: 168,
      render: (_, report) => (
        <Space size={12} wrap={false}>
          <a onClick={() => onOpen(report)}>查看</a>
          <ShotActions report={report} actions={actions} variant="link" />
        </Space>
      ),
    },
  ];
}
