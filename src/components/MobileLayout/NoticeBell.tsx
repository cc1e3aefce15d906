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
 * The bar's bell for a signed-in person: their unread notices (ADR 0031) as a red count, and a way
 * to /app/notices. Counted when the page opens; a failed count shows a bell without a number. Its
 * name says 正在加载 until the first answer, so nobody (nor a test) reads "none" before it is known.
 */
export default function NoticeBell() {
  const [unread, setUnread] = useState<number | 'loading' | 'failed'>('loading');
  useEffect(() => {
    let alive = true;
    queryUnreadNoticeCount({ skipErrorHandler: true })
      .then((body) => alive && setUnread(body.data?.unread ?? 0))
      .catch(() => alive && setUnread('failed'));
    return () => {
      alive = false;
    };
  }, []);
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
