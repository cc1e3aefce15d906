// pro-field's FieldDatePicker, loaded on first edit (see ../lazyField.tsx, ADR 0047). Read mode is pro-field's
// own formatting (date, dateTime, dateWeek… columns), so a table of dates never loads the picker.
import dayjs from 'dayjs';
import weekOfYear from 'dayjs/plugin/weekOfYear';
import { type FieldProps, lazyField } from '../lazyField';

dayjs.extend(weekOfYear);

type Format = string | string[] | ((value: dayjs.Dayjs) => string) | undefined;

/** The text pro-field's FieldDatePicker shows in read mode. */
export function formatDate(text: unknown, format: Format): string {
  if (!text) return '-';
  const day = dayjs(text as string | number | Date);
  if (typeof format === 'function') return format(day);
  return day.format((Array.isArray(format) ? format[0] : format) || 'YYYY-MM-DD');
}

function readDate({ text, format, fieldProps, render, mode }: FieldProps) {
  const dom = <>{formatDate(text, (fieldProps?.format || format) as Format)}</>;
  return render ? render(text, { mode, ...fieldProps }, dom) : dom;
}

export default lazyField(() => import('@ant-design/pro-field/es/components/DatePicker/index.js'), readDate);
