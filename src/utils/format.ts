import dayjs from 'dayjs';

export const DATE_TIME = 'YYYY-MM-DD HH:mm';

/** A timestamp as 2024-05-01 18:00, or — when there is none. */
export const formatTime = (value: string | null | undefined) => (value ? dayjs(value).format(DATE_TIME) : '—');
