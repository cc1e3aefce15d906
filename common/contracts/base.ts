import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { DATE_TIME_MAX_LENGTH } from '../dateText';
import { AREA_ID_MAX, AREA_MIN, ERROR_SHOW_TYPES, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants';

// Building blocks of the HTTP contract. `title` is the field's Chinese name: the server
// uses it to say which field is wrong in a 400 answer.

export const Ok = <T extends TSchema>(data: T) => Type.Object({ code: Type.Literal(200), data, message: Type.Optional(Type.String()) });
export const OkEmpty = Type.Object({
  code: Type.Literal(200),
  message: Type.Optional(Type.String()),
});

export const FieldError = Type.Object({
  field: Type.String(),
  label: Type.String(),
  message: Type.String(),
});
export type FieldError = Static<typeof FieldError>;
export const ApiError = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  errors: Type.Optional(Type.Array(FieldError)),
  /** Sign-in only: the next attempt must carry a captcha (GET /api/login/captcha). */
  captchaRequired: Type.Optional(Type.Boolean()),
  /** How the client shows it (the display types of docs/product.md §13); absent means an error message. ADR 0025. */
  showType: Type.Optional(Type.Union(ERROR_SHOW_TYPES.map((value) => Type.Literal(value)))),
});
export type ApiError = Static<typeof ApiError>;

export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    list: Type.Array(item),
    total: Type.Integer(),
    current: Type.Integer(),
    pageSize: Type.Integer(),
  });
export interface PageResult<T> {
  list: T[];
  total: number;
  current: number;
  pageSize: number;
}

export const PageQuery = {
  current: Type.Integer({ minimum: 1, maximum: 100000, default: 1, title: '页码' }),
  pageSize: Type.Integer({
    minimum: 1,
    maximum: PAGE_SIZE_MAX,
    default: PAGE_SIZE_DEFAULT,
    title: '每页条数',
  }),
  sortOrder: Type.Optional(Type.Union([Type.Literal('ascend'), Type.Literal('descend')], { title: '排序方向' })),
};

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, title: '编号' }) });
export const AreaId = (title = '所属区域') => Type.Integer({ minimum: AREA_MIN, maximum: AREA_ID_MAX, title });
/** Made by the phone once per submission attempt; a retry with the same key creates nothing new. */
export const ClientKey = Type.String({ title: '提交标识', pattern: '^[A-Za-z0-9_-]{8,64}$', errorMessage: '提交标识格式不正确' });
export const Timestamp = Type.String({ format: 'date-time' });

/**
 * A time the caller sends (a filter's bound, a deadline): RFC 3339 as far as JavaScript's Date and
 * the database both hold it (common/dateText.ts, the server's `date-time` format), its year between
 * 1970 and 2999. The pattern only words the year; it lets anything that does not start with a year
 * through, for `format` to word.
 */
export const DateTime = (title: string) =>
  Type.String({
    title,
    format: 'date-time',
    maxLength: DATE_TIME_MAX_LENGTH,
    pattern: '^(?:(?:19[7-9]\\d|2\\d{3})-|(?!\\d{4}-))',
    errorMessage: '时间须在1970年至2999年之间',
  });
/** A calendar day the caller sends, `YYYY-MM-DD`, that exists (the server's `date` format). */
export const DateOnly = (title: string) =>
  Type.String({ title, format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$', errorMessage: '日期格式应为YYYY-MM-DD' });
/** A period filter: the list's date-time within [from, to] (a list says which date it filters). */
export const Period = {
  from: Type.Optional(DateTime('开始时间')),
  to: Type.Optional(DateTime('结束时间')),
};

export const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** A text with a length limit; when required it must hold more than whitespace. */
const textOptions = (title: string, maxLength: number, minLength: number) =>
  minLength > 0 ? { title, minLength, maxLength, pattern: '\\S', errorMessage: '不能为空' } : { title, maxLength };
export const Text = (title: string, maxLength: number, minLength = 1) => Type.String(textOptions(title, maxLength, minLength));

/**
 * A short text people type and others read as one line: a name (of a person, group, role, place...),
 * a title, a keyword. It refuses hidden and direction characters (common/textRules.ts) with a 400
 * naming the field: stripping them would change silently what the person typed, and a text of
 * nothing but them would pass as filled in. The server's `refuseHidden` keyword (server/app.ts) checks
 * it: the rule's pattern needs the `u` flag, which a schema's `pattern` cannot promise everywhere. ADR 0039.
 */
export const Name = (title: string, maxLength: number, minLength = 1) =>
  Type.String({
    ...textOptions(title, maxLength, minLength),
    refuseHidden: true,
  });

/**
 * A long or multi-line text (a description, a reply, a comment; rich text): bidirectional controls
 * and tag characters are taken out before the handler sees it (the server's `stripHidden`
 * keyword, server/app.ts); line breaks, emoji and their joiners stay.
 */
export const LongText = (title: string, maxLength: number, minLength = 1) =>
  Type.String({ ...textOptions(title, maxLength, minLength), stripHidden: true });

/** One of these strings, named `title` in error answers. */
export const literals = <T extends string>(values: readonly T[], title: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { title },
  );

/**
 * A number or null. Written as one `type: [..., 'null']` rather than a union: with the server's
 * type coercion a union would quietly turn 0 into null (an area 0 into "town-wide", a parent 0
 * into "root"); this way 0 fails the minimum and is refused, naming the field.
 */
export const NullableNumber = (type: 'integer' | 'number', options: { title: string; minimum: number; maximum?: number }) =>
  Type.Unsafe<number | null>({ ...options, type: [type, 'null'] });

/**
 * A picture not ready to show (ADR 0058): 'pending' while it waits for its decode (the page shows
 * 处理中), 'failed' when it did not decode (图片处理失败, to be replaced). Absent once it is ready.
 */
export const ImageDecodeStatus = literals(['pending', 'failed'] as const, '图片状态');
export type ImageDecodeStatus = Static<typeof ImageDecodeStatus>;

/**
 * The records a bulk step acts on (批量受理, 批量转派, 批量不予受理 / 标记无效): at most one page of
 * the list, each named once. The step is all-or-nothing (ADR 0063).
 */
export const BatchIds = Type.Array(Type.Integer({ minimum: 1, title: '选中的记录' }), {
  title: '选中的记录',
  minItems: 1,
  maxItems: PAGE_SIZE_MAX,
  uniqueItems: true,
});
/** POST /api/appeals/batch/accept, /api/users/batch/disable, ... */
export const BatchBody = Type.Object({ ids: BatchIds }, { additionalProperties: false });
export type BatchBody = Static<typeof BatchBody>;
/** What a bulk step did. */
export const BatchResult = Type.Object({ count: Type.Integer() });
export type BatchResult = Static<typeof BatchResult>;
