import { Badge, Tag } from 'antd';
import {
  APPEAL_CATEGORIES,
  APPEAL_STATUS_LABELS,
  type AppealStatus,
  OPINION_LEVELS,
  OPINION_SENTIMENT_LABELS,
  OPINION_SOURCES,
  OPINION_STATUS_LABELS,
  type OpinionSentiment,
  type OpinionStatus,
  PHOTO_REPORT_STATUS_LABELS,
  PHOTO_REPORT_TYPES,
  type PhotoReportStatus,
  opinionLevelLabel,
  photoReportTypeLabel,
} from '@common/constants';
import type { Option } from '@/hooks/useReferenceOptions';

type BadgeStatus = 'default' | 'processing' | 'success' | 'warning' | 'error';

/** The id stored is the index + 1 for these lists (common/constants). */
const indexOptions = (labels: readonly string[]): Option[] => labels.map((label, index) => ({ value: index + 1, label }));

export const APPEAL_CATEGORY_OPTIONS = indexOptions(APPEAL_CATEGORIES);
export const PHOTO_REPORT_TYPE_OPTIONS = indexOptions(PHOTO_REPORT_TYPES);
export const OPINION_SOURCE_OPTIONS = indexOptions(OPINION_SOURCES);
export const OPINION_LEVEL_OPTIONS = indexOptions(OPINION_LEVELS);

const APPEAL_BADGES: Record<AppealStatus, BadgeStatus> = {
  pending: 'warning',
  processing: 'processing',
  replied: 'success',
  closed: 'default',
  rejected: 'error',
};
export const AppealStatusBadge = ({ status }: { status: AppealStatus }) => (
  <Badge status={APPEAL_BADGES[status]} text={APPEAL_STATUS_LABELS[status]} />
);

const PHOTO_REPORT_BADGES: Record<PhotoReportStatus, BadgeStatus> = {
  pending: 'warning',
  processing: 'processing',
  reviewing: 'error',
  handled: 'success',
  invalid: 'default',
};
export const PhotoReportStatusBadge = ({ status }: { status: PhotoReportStatus }) => (
  <Badge status={PHOTO_REPORT_BADGES[status]} text={PHOTO_REPORT_STATUS_LABELS[status]} />
);

/** 环境卫生 green, 安全隐患 red, 基础设施 blue, 其他 plain (PHOTO_REPORT_TYPES order). */
const PHOTO_REPORT_TYPE_COLORS = ['green', 'red', 'blue', 'default'];
export const PhotoReportTypeTag = ({ type }: { type: number }) => (
  <Tag color={PHOTO_REPORT_TYPE_COLORS[type - 1] ?? 'default'}>{photoReportTypeLabel(type)}</Tag>
);

const OPINION_BADGES: Record<OpinionStatus, BadgeStatus> = { monitoring: 'processing', handled: 'success' };
export const OpinionStatusBadge = ({ status }: { status: OpinionStatus }) => (
  <Badge status={OPINION_BADGES[status]} text={OPINION_STATUS_LABELS[status]} />
);

/** 正面 green, 中性 plain, 负面 red: the colours people read sentiment by. */
export const SENTIMENT_COLORS: Record<OpinionSentiment, string> = { positive: 'green', neutral: 'default', negative: 'red' };
export const SentimentTag = ({ sentiment }: { sentiment: OpinionSentiment }) => (
  <Tag color={SENTIMENT_COLORS[sentiment]}>{OPINION_SENTIMENT_LABELS[sentiment]}</Tag>
);

const LEVEL_COLORS = ['default', 'orange', 'red'];
export const LevelTag = ({ level }: { level: number }) => (
  <Tag color={LEVEL_COLORS[level - 1] ?? 'default'}>{opinionLevelLabel(level)}</Tag>
);

/** Coordinates as text (no map here): 纬度 30.27412，经度 120.15515. */
export const coordinatesText = (lat: number | null, lng: number | null) =>
  lat === null || lng === null ? undefined : `纬度 ${lat.toFixed(5)}，经度 ${lng.toFixed(5)}`;
