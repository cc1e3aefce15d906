import { useEffect, useState } from 'react';
import { townshipClock } from '../figures';

/** The date and a clock on the township's time, ticking on the second. Only this re-renders each second. */
function Clock() {
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    let timer: number;
    const tick = () => {
      const current = new Date();
      setNow(current);
      // Aim just past the next full second so the seconds never skip or stutter.
      timer = window.setTimeout(tick, 1000 - current.getMilliseconds() + 5);
    };
    timer = window.setTimeout(tick, 1000 - new Date().getMilliseconds() + 5);
    return () => window.clearTimeout(timer);
  }, []);

  const { date, weekday, time } = townshipClock(now);
  return (
    <div className="screen-clock">
      <time className="screen-clock-time" aria-label="当前时间">
        {time}
      </time>
      <span className="screen-clock-date">
        <span>{date}</span>
        <span>{weekday}</span>
      </span>
    </div>
  );
}

interface TitleBarProps {
  title: string;
  /** The last answer's time of counting, 'HH:mm:ss'. */
  updatedAt?: string;
  offline: boolean;
}

/** The platform's title in the middle, the connection state on the left, date and clock on the right. */
export default function TitleBar({ title, updatedAt, offline }: TitleBarProps) {
  return (
    <header className="screen-title-bar">
      <div className="screen-title-side screen-title-left">
        {offline ? (
          <span className="screen-link screen-link-offline" role="status">
            <i aria-hidden="true" />
            <span>连接中断，正在重连…</span>
            {updatedAt ? <small>数据截至 {updatedAt}</small> : null}
          </span>
        ) : (
          <span className="screen-link" role="status">
            <i aria-hidden="true" />
            {updatedAt ? `实时数据 · 更新于 ${updatedAt}` : '正在连接…'}
          </span>
        )}
      </div>
      <h1 className="screen-title">{title}</h1>
      <div className="screen-title-side screen-title-right">
        <Clock />
      </div>
    </header>
  );
}
