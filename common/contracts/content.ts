import { Type, type Static } from '@sinclair/typebox';
import { AREA_ID_MAX, AREA_MIN, CONTACT_PHONE_PATTERN, INTRODUCTION_IMAGES_MAX, NEWS_COLUMNS, NEWS_STATUSES } from '../constants';
import { LIMITS } from '../limits';
import { AreaId, LongText, Name, Nullable, NullableNumber, NullableTimestamp, PageQuery, Period, Text, Timestamp } from './base';
import { ImageRef } from './tasks';

// News, introductions and the organisation chart (docs/product.md §5). Rich text fields are HTML that
// the server sanitises when saving; every other string is plain text, rendered as text.

const RichText = (title: string, minLength = 0) => Type.String({ title, minLength, maxLength: LIMITS.richText, stripHidden: true });
// ---- News ----

const NewsColumn = Type.Integer({ minimum: 1, maximum: NEWS_COLUMNS.length, title: '栏目' });
const NewsStatusSchema = Type.Union(
  NEWS_STATUSES.map((s) => Type.Literal(s)),
  { title: '状态' },
);

export const NewsBody = Type.Object(
  {
    title: Name('标题', LIMITS.newsTitle),
    summary: Type.Optional(LongText('摘要', LIMITS.newsSummary, 0)),
    content: RichText('正文', 1),
    column: NewsColumn,
    /** null: town-wide; otherwise the one area it concerns. */
    area: NullableNumber('integer', { title: '所属区域', minimum: AREA_MIN, maximum: AREA_ID_MAX }),
    /** An image the caller uploaded (POST /api/uploads); null for none. */
    coverId: NullableNumber('integer', { title: '封面图', minimum: 1 }),
    pinned: Type.Boolean({ title: '置顶', default: false }),
  },
  { additionalProperties: false },
);
export type NewsBody = Static<typeof NewsBody>;

export const NewsItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** As written; when left blank, the server stores the content's plain text cut to 120 characters. */
  summary: Type.String(),
  column: Type.Integer(),
  area: Nullable(Type.Integer()),
  /** '全镇' when town-wide. */
  areaName: Type.String(),
  cover: Nullable(ImageRef),
  status: NewsStatusSchema,
  pinned: Type.Boolean(),
  views: Type.Integer(),
  authorId: Type.Integer(),
  authorName: Type.String(),
  publishedAt: NullableTimestamp,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type NewsItem = Static<typeof NewsItem>;
export const NewsDetail = Type.Composite([NewsItem, Type.Object({ content: Type.String() })]);
export type NewsDetail = Static<typeof NewsDetail>;

/** GET /api/news (admin list, newsManage). Pinned first, then newest written, unless sortField says otherwise. */
export const NewsListQuery = Type.Object(
  {
    ...PageQuery,
    title: Type.Optional(Text('标题', LIMITS.newsTitle, 0)),
    column: Type.Optional(NewsColumn),
    status: Type.Optional(NewsStatusSchema),
    area: Type.Optional(AreaId('所属区域')),
    pinned: Type.Optional(Type.Boolean({ title: '置顶' })),
    /** Published within [from, to]: the dashboard's 本月发布新闻 opens this month's. */
    ...Period,
    sortField: Type.Optional(
      Type.Union([Type.Literal('createdAt'), Type.Literal('publishedAt'), Type.Literal('views')], { title: '排序字段' }),
    ),
  },
  { additionalProperties: false },
);
export type NewsListQuery = Static<typeof NewsListQuery>;

/** GET /api/public/news: published only, pinned first then newest. `area` also includes town-wide news. */
export const PublicNewsQuery = Type.Object(
  {
    ...PageQuery,
    column: Type.Optional(NewsColumn),
    area: Type.Optional(AreaId('所属区域')),
    pinned: Type.Optional(Type.Boolean({ title: '置顶' })),
    title: Type.Optional(Text('标题', LIMITS.newsTitle, 0)),
  },
  { additionalProperties: false },
);
export type PublicNewsQuery = Static<typeof PublicNewsQuery>;

/** Public items carry no author id or draft fields. */
export const PublicNewsItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  summary: Type.String(),
  column: Type.Integer(),
  area: Nullable(Type.Integer()),
  areaName: Type.String(),
  cover: Nullable(ImageRef),
  pinned: Type.Boolean(),
  views: Type.Integer(),
  authorName: Type.String(),
  publishedAt: Timestamp,
});
export type PublicNewsItem = Static<typeof PublicNewsItem>;
export const PublicNewsDetail = Type.Composite([PublicNewsItem, Type.Object({ content: Type.String() })]);
export type PublicNewsDetail = Static<typeof PublicNewsDetail>;

// ---- Introductions ----

export const CenterIntroductionBody = Type.Object(
  {
    title: Name('标题', LIMITS.centreTitle),
    content: RichText('介绍内容'),
    imageIds: Type.Array(Type.Integer({ minimum: 1, title: '图片' }), {
      title: '图片',
      maxItems: INTRODUCTION_IMAGES_MAX,
      uniqueItems: true,
      default: [],
    }),
  },
  { additionalProperties: false },
);
export type CenterIntroductionBody = Static<typeof CenterIntroductionBody>;
export const CenterIntroduction = Type.Object({
  title: Type.String(),
  content: Type.String(),
  images: Type.Array(ImageRef),
  updatedAt: NullableTimestamp,
  updatedByName: Nullable(Type.String()),
});
export type CenterIntroduction = Static<typeof CenterIntroduction>;

const Count = (title: string) => NullableNumber('integer', { title, minimum: 0, maximum: LIMITS.villageFigure });
export const VillageIntroductionBody = Type.Object(
  {
    /** The area's display name (areas.name), e.g. 第一村 → 李家村. */
    name: Name('名称', LIMITS.villageName),
    content: RichText('村情介绍'),
    coverId: NullableNumber('integer', { title: '封面图', minimum: 1 }),
    population: Count('人口'),
    households: Count('户数'),
    /** In mu (亩), up to one decimal. */
    landArea: NullableNumber('number', { title: '土地面积', minimum: 0, maximum: LIMITS.villageFigure }),
    partyMembers: Count('党员人数'),
    leader: Name('负责人', LIMITS.leader, 0),
    phone: Type.String({
      title: '联系电话',
      maxLength: LIMITS.contactPhone,
      pattern: `^$|${CONTACT_PHONE_PATTERN}`,
      errorMessage: '请输入正确的电话号码',
    }),
  },
  { additionalProperties: false },
);
export type VillageIntroductionBody = Static<typeof VillageIntroductionBody>;
export const VillageIntroduction = Type.Object({
  area: Type.Integer(),
  name: Type.String(),
  /** Plain text of the content cut to 120 characters, for cards. */
  summary: Type.String(),
  content: Type.String(),
  cover: Nullable(ImageRef),
  population: Nullable(Type.Integer()),
  households: Nullable(Type.Integer()),
  landArea: Nullable(Type.Number()),
  partyMembers: Nullable(Type.Integer()),
  leader: Type.String(),
  phone: Type.String(),
  updatedAt: NullableTimestamp,
});
export type VillageIntroduction = Static<typeof VillageIntroduction>;
export const AreaParams = Type.Object({ area: AreaId('区域') });

// ---- Organisation chart ----

export const OrgUnitBody = Type.Object(
  {
    name: Name('名称', LIMITS.orgUnitName),
    /** null: a root unit. */
    parentId: NullableNumber('integer', { title: '上级单位', minimum: 1 }),
    leader: Name('负责人', LIMITS.leader, 0),
    position: Name('职务', LIMITS.position, 0),
    phone: Type.String({
      title: '联系电话',
      maxLength: LIMITS.contactPhone,
      pattern: `^$|${CONTACT_PHONE_PATTERN}`,
      errorMessage: '请输入正确的电话号码',
    }),
    sort: Type.Integer({ minimum: 0, maximum: LIMITS.orgUnitSort, title: '排序', default: 0 }),
    /** Plain text, one member per line or separated by 、. */
    members: LongText('成员', LIMITS.orgUnitMembers, 0),
  },
  { additionalProperties: false },
);
export type OrgUnitBody = Static<typeof OrgUnitBody>;

/** One unit without its children: what POST and PUT /api/org-units answer. */
export const OrgUnit = Type.Object({
  id: Type.Integer(),
  parentId: Nullable(Type.Integer()),
  name: Type.String(),
  leader: Type.String(),
  position: Type.String(),
  phone: Type.String(),
  sort: Type.Integer(),
  members: Type.String(),
});
export type OrgUnit = Static<typeof OrgUnit>;

export interface OrgUnitNode {
  id: number;
  parentId: number | null;
  name: string;
  leader: string;
  position: string;
  phone: string;
  sort: number;
  members: string;
  children: OrgUnitNode[];
}
/** GET /api/org-units and /api/public/org-units: the whole tree, children ordered by sort then id. */
export const OrgUnitNode = Type.Recursive(
  (Self) =>
    Type.Object({
      id: Type.Integer(),
      parentId: Nullable(Type.Integer()),
      name: Type.String(),
      leader: Type.String(),
      position: Type.String(),
      phone: Type.String(),
      sort: Type.Integer(),
      members: Type.String(),
      children: Type.Array(Self),
    }),
  { $id: 'OrgUnitNode' },
);
