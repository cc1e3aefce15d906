import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

interface Props {
  id?: string;
  value?: [string, string];
  onChange?: (value: [string, string] | undefined) => void;
  placeholder?: [string, string];
}

/**
 * A date-range search field whose value is two days as YYYY-MM-DD, the form the address bar and the
 * list queries keep. Loaded on first use: the date picker is the heaviest field of a search form.
 */
export default function RangeField({ id, value, onChange, placeholder }: Props) {
  const days: [Dayjs, Dayjs] | null = value?.[0] && value[1] ? [dayjs(value[0]), dayjs(value[1])] : null;
  return (
    <DatePicker.RangePicker
      id={id}
      style={{ width: '100%' }}
      placeholder={placeholder}
      value={days}
      onChange={(picked) =>
        onChange?.(picked?.[0] && picked[1] ? [picked[0].format('YYYY-MM-DD'), picked[1].format('YYYY-MM-DD')] : undefined)
      }
    />
  );
}
