import { isDateText } from './dateText';

// A task's form fields beyond text and photos (填报字段): a number with its unit and bounds, one
// choice of a few options, or a date. The task form defines them, the cadre fills them on the phone,
// and 完成情况 and the 通报 sum the numbers. The admin form, the phone form and the server check a
// definition and a value with these same functions (docs/product.md §4), so the phone refuses what the server
// would; this module imports no schema library, so the phone bundle stays light.

export const TASK_FIELD_TYPES = ['number', 'choice', 'date'] as const;
export type TaskFieldType = (typeof TASK_FIELD_TYPES)[number];
export const TASK_FIELD_TYPE_LABELS: Record<TaskFieldType, string> = { number: '数字', choice: '单选', date: '日期' };

/** How many fields a task may ask for, options a choice may offer, and decimals a number may carry. */
export const TASK_FIELDS_MAX = 10;
export const TASK_FIELD_OPTIONS_MAX = 20;
export const TASK_FIELD_DECIMALS_MAX = 2;
/** The largest magnitude a number field's bound or value may have: exact in a double with 2 decimals. */
export const TASK_FIELD_NUMBER_MAX = 1_000_000_000;
/** Field keys as the form makes them (f1, f2 …), stable when a task is copied or repeats. */
export const TASK_FIELD_KEY_PATTERN = '^f[1-9][0-9]?$';

export interface TaskField {
  key: string;
  label: string;
  type: TaskFieldType;
  required: boolean;
  /** number: the unit shown after it (户, 人次, 元); may be empty. */
  unit?: string;
  /** number: the bounds (inclusive), either may be absent. */
  min?: number | null;
  max?: number | null;
  /** number: decimals allowed, 0 (whole numbers) to 2. */
  decimals?: number;
  /** choice: the options, 2 to 20, each said once. */
  options?: string[];
}

/** A value as a report carries it: a number for number fields, the option or YYYY-MM-DD otherwise. */
export type TaskFieldValue = number | string;
export type TaskFieldValues = Record<string, TaskFieldValue>;

const decimalsOf = (value: number) => {
  const text = String(value);
  if (text.includes('e')) return Infinity;
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
};

/** A sum or an average as figures show it: at most two decimals, no trailing zeros. */
export const roundFigure = (value: number) => Math.round(value * 100) / 100;

/** 10–500 户, ≥ 0, ≤ 100 (the bounds of a number field in words). */
export function numberRangeText(field: Pick<TaskField, 'min' | 'max' | 'unit'>): string {
  const unit = field.unit ?? '';
  const has = (v: number | null | undefined): v is number => typeof v === 'number';
  if (has(field.min) && has(field.max)) return `${field.min}～${field.max}${unit}`;
  if (has(field.min)) return `不小于${field.min}${unit}`;
  if (has(field.max)) return `不大于${field.max}${unit}`;
  return '';
}

/** Which part of a field's definition is wrong: the form shows the words under that input. */
export type FieldDefinitionPart = 'label' | 'key' | 'min' | 'max' | 'decimals' | 'options';

/**
 * What is wrong with one field's definition, and where, or undefined. `others` are the fields
 * before it (labels and keys are said once).
 */
export function fieldDefinitionProblem(field: TaskField, others: TaskField[]): { part: FieldDefinitionPart; message: string } | undefined {
  const problem = (part: FieldDefinitionPart, message: string) => ({ part, message });
  const label = field.label.trim();
  if (!label) return problem('label', '请填写字段名称');
  if (!new RegExp(TASK_FIELD_KEY_PATTERN).test(field.key)) return problem('key', '字段标识不正确');
  if (others.some((other) => other.key === field.key)) return problem('key', '字段标识重复');
  if (others.some((other) => other.label.trim() === label)) return problem('label', `字段名称「${label}」重复`);
  if (field.type === 'number') {
    const decimals = field.decimals ?? 0;
    if (!Number.isInteger(decimals) || decimals < 0 || decimals > TASK_FIELD_DECIMALS_MAX) {
      return problem('decimals', `小数位数应为0～${TASK_FIELD_DECIMALS_MAX}`);
    }
    for (const part of ['min', 'max'] as const) {
      const bound = field[part];
      if (bound === null || bound === undefined) continue;
      if (!Number.isFinite(bound) || Math.abs(bound) > TASK_FIELD_NUMBER_MAX) return problem(part, '超出范围');
      if (decimalsOf(bound) > decimals) return problem(part, decimals ? `小数位不能多于${decimals}位` : '请填写整数');
    }
    if (typeof field.min === 'number' && typeof field.max === 'number' && field.min > field.max)
      return problem('max', '最大值不能小于最小值');
  }
  if (field.type === 'choice') {
    const options = (field.options ?? []).map((o) => o.trim());
    if (options.length < 2) return problem('options', '单选至少需要两个选项');
    if (options.length > TASK_FIELD_OPTIONS_MAX) return problem('options', `选项不能超过${TASK_FIELD_OPTIONS_MAX}个`);
    if (options.some((o) => !o)) return problem('options', '选项不能为空');
    if (new Set(options).size !== options.length) return problem('options', '选项不能重复');
  }
  return undefined;
}

/** Whether a value was given at all (an empty text or an absent key is none). */
export const hasFieldValue = (value: unknown) => value !== undefined && value !== null && value !== '';

/** What is wrong with a value for this field, in words the phone and the server both show, or undefined. */
export function fieldValueError(field: TaskField, value: unknown): string | undefined {
  if (!hasFieldValue(value)) return field.required ? (field.type === 'number' ? '请填写数字' : '请选择') : undefined;
  if (field.type === 'number') {
    if (typeof value !== 'number' || !Number.isFinite(value)) return '请填写数字';
    if (Math.abs(value) > TASK_FIELD_NUMBER_MAX) return '数字超出范围';
    const decimals = field.decimals ?? 0;
    if (decimalsOf(value) > decimals) return decimals ? `最多${decimals}位小数` : '请填写整数';
    const unit = field.unit ?? '';
    if (typeof field.min === 'number' && value < field.min) return `不能小于${field.min}${unit}`;
    if (typeof field.max === 'number' && value > field.max) return `不能大于${field.max}${unit}`;
    return undefined;
  }
  if (typeof value !== 'string') return field.type === 'date' ? '请选择日期' : '请选择一个选项';
  if (field.type === 'choice') return (field.options ?? []).includes(value) ? undefined : '请选择一个选项';
  return isDateText(value) ? undefined : '请选择有效的日期';
}

/**
 * A value as its field's type holds it: the server's type coercion may have turned a number typed
 * as text into a number or back (an option named 1), so both ways are read by the field's type.
 */
function normalized(field: TaskField, value: unknown): unknown {
  if (field.type === 'number' && typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  if (field.type !== 'number' && typeof value === 'number') return String(value);
  return typeof value === 'string' ? value.trim() : value;
}

/**
 * The report's values checked against the task's fields: the values to keep (only the task's
 * fields, only those given) or the first wrong one with its words.
 */
export function checkFieldValues(
  fields: TaskField[],
  values: Record<string, unknown>,
): { ok: true; values: TaskFieldValues } | { ok: false; field: TaskField | undefined; key: string; message: string } {
  const known = new Set(fields.map((f) => f.key));
  const stray = Object.keys(values).find((key) => !known.has(key));
  if (stray) return { ok: false, field: undefined, key: stray, message: '该任务没有这一项' };
  const kept: TaskFieldValues = {};
  for (const field of fields) {
    const value = normalized(field, values[field.key]);
    const message = fieldValueError(field, value);
    if (message) return { ok: false, field, key: field.key, message };
    if (hasFieldValue(value)) kept[field.key] = value as TaskFieldValue;
  }
  return { ok: true, values: kept };
}

/** The value as a line of text: 120 户, 是, 2026-12-01; empty when not given. */
export function fieldValueText(field: TaskField, value: TaskFieldValue | undefined): string {
  if (value === undefined) return '';
  if (field.type === 'number' && typeof value === 'number') return `${value}${field.unit ? ` ${field.unit}` : ''}`;
  return String(value);
}

/** The next free key for a new field (f1, f2 …). */
export function nextFieldKey(fields: Array<Pick<TaskField, 'key'>>): string {
  const used = new Set(fields.map((f) => f.key));
  for (let n = 1; n < 100; n++) if (!used.has(`f${n}`)) return `f${n}`;
  return 'f99';
}

/** Every value of a report in one line: 排查户数：12 户；是否完成：是 (exports, the audit list). */
export const fieldValuesLine = (fields: TaskField[], values: TaskFieldValues) =>
  fields
    .filter((f) => values[f.key] !== undefined)
    .map((f) => `${f.label}：${fieldValueText(f, values[f.key])}`)
    .join('；');
