import dayjs from 'dayjs';

/** '06-28' this year, '2023-06-28' before. */
export function formatNewsDate(value: string, now = dayjs()): string {
  const date = dayjs(value);
  return date.year() === now.year() ? date.format('MM-DD') : date.format('YYYY-MM-DD');
}

export const formatNewsTime = (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm');
