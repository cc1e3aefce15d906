/**
 * A request body checked against the route's TypeBox body schema from common/contracts, worded
 * the way server/plugins/errors.ts words ajv's findings: one error per field, named by the field's
 * Chinese title. So a mock refuses what the server refuses, with its words, and the limits and
 * names live only in the contract.
 */
import type { TSchema } from '@sinclair/typebox';
import { Value, ValueErrorType, type ValueError } from '@sinclair/typebox/value';
import type { FieldError } from '@common/contracts/base';
import './contract'; // registers `date-time` and NullableNumber's kind with TypeBox

interface Described {
  title?: string;
  errorMessage?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  type?: string | string[];
}

function describe(error: ValueError): string {
  const schema = error.schema as Described;
  // A missing field: ajv's `required`.
  if (error.value === undefined) return '不能为空';
  switch (error.type) {
    case ValueErrorType.StringMinLength:
      return schema.errorMessage ?? (schema.minLength === 1 ? '不能为空' : `至少${schema.minLength}个字符`);
    case ValueErrorType.StringMaxLength:
      // Texts word only their blankness: a text too long says its limit (server/plugins/errors.ts).
      return schema.errorMessage && schema.errorMessage !== '不能为空' ? schema.errorMessage : `不能超过${schema.maxLength}个字符`;
    case ValueErrorType.StringPattern:
      return schema.errorMessage ?? '格式不正确';
    case ValueErrorType.StringFormat:
      return schema.format === 'date-time' ? '时间格式不正确' : '格式不正确';
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.NumberMinimum:
      return `不能小于${schema.minimum}`;
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.NumberMaximum:
      return `不能大于${schema.maximum}`;
    case ValueErrorType.Integer:
    case ValueErrorType.Number:
      return '必须是数字';
    case ValueErrorType.String:
      return '必须是文本';
    case ValueErrorType.Array:
      return '必须是列表';
    case ValueErrorType.Boolean:
      return '必须是是或否';
    case ValueErrorType.ArrayMaxItems:
      return `最多${schema.maxItems}项`;
    case ValueErrorType.ArrayMinItems:
      return `至少${schema.minItems}项`;
    case ValueErrorType.ArrayUniqueItems:
      return '不能有重复项';
    case ValueErrorType.Union:
    case ValueErrorType.Literal:
      return '取值不在允许范围内';
    case ValueErrorType.Kind: {
      // NullableNumber: a number (or null) within bounds.
      const value = error.value;
      if (typeof value !== 'number') return '必须是数字';
      if (schema.minimum !== undefined && value < schema.minimum) return `不能小于${schema.minimum}`;
      return `不能大于${schema.maximum}`;
    }
    default:
      return '格式不正确';
  }
}

/** The fields of `body` the server refuses under `schema`; [] when it takes it. */
export function bodyErrors(schema: TSchema, body: unknown): FieldError[] {
  const byField = new Map<string, FieldError>();
  // ajv fills in the schema's defaults before it checks (fastify's useDefaults).
  const filled = Value.Default(schema, Value.Clone(body));
  for (const error of Value.Errors(schema, filled)) {
    // The server drops unknown properties (removeAdditional) instead of refusing them.
    if (error.type === ValueErrorType.ObjectAdditionalProperties) continue;
    const segments = error.path.split('/').filter(Boolean);
    // Items of a list are reported against the list: "imageIds/3" → "imageIds".
    while (segments.length > 1 && /^\d+$/.test(segments[segments.length - 1])) segments.pop();
    const field = segments.join('.') || 'body';
    if (byField.has(field)) continue;
    const title = (error.schema as Described).title;
    byField.set(field, { field, label: title ?? (field === 'body' ? '请求内容' : field), message: describe(error) });
  }
  return [...byField.values()];
}
