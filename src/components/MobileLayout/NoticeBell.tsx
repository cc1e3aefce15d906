import { Link } from '@umijs/max';
import { BellOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { queryUnreadNoticeCount } from '@/services/my';

/** Beyond this the badge says 99+. */
const BADGE_MAX = 99;

/** What the bell's accessible name adds once it has (or failed to get) its count. */
function bellLabel(unread: number | 'loading' | 'failed'): string {
  if (unread === 'loading') return '我的消息，正在加载';
  if (unread === 'failed') return '我的消息，加载失败';
  return unread ? `我的消息，${unread}条未读` : '我的消息，没有未读';
}

/**
 * How often a visible page asks for the unread count (ADR 0055): a notice shows within about this
 * long. One index-only count per ask; nothing is asked while the page is hidden.
 */
const PHONE_BELL_REFRESH_MS = 4000;

/**
 * The bar's bell for a signed-in person: their unread notices (ADR 0031, 0055) as a red count, and a
 * way to /app/notices. Counted when the page opens, every few seconds while it is visible and at once
 * when it becomes visible again; a failed first count shows a bell without a number, a later failure
 * keeps the last count. Its name says 正在加载 until the first answer, so nobody (nor a test) reads
 * "none" before it is known.
 */
export default function NoticeBell({ refreshMs = PHONE_BELL_REFRESH_MS }: { refreshMs?: number }) {
  const [unread, setUnread] = useState<number | 'loading' | 'failed'>('loading');
  useEffect(() => {
    let alive = true;
    let asking = false;
    const ask = () => {
      if (asking || document.visibilityState === 'hidden') return;
      asking = true;
      queryUnreadNoticeCount({ skipErrorHandler: true })
        .then((body) => alive && setUnread(body.data?.unread ?? 0))
        .catch(() => alive && setUnread((last) => (typeof last === 'number' ? last : 'failed')))
        .finally(() => {
          asking = false;
        });
    };
    ask();
    const timer = window.setInterval(ask, refreshMs);
    document.addEventListener('visibilitychange', ask);
    window.addEventListener('focus', ask);
    return () => {
      alive = false;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', ask);
      window.removeEventListener('focus', ask);
    };
  }, [refreshMs]);
  const count = typeof unread === 'number' ? unread : 0;
  return (
    <Link to="/app/notices" className="m-layout-bell" aria-label={bellLabel(unread)}>
      <BellOutline aria-hidden />
      {count ? (
        <span className="m-layout-bell-count" aria-hidden>
          {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
        </span>
      ) : null}
    </Link>
  );
}
