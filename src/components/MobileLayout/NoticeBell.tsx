import { Link } from '@umijs/max';
import { BellOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { queryUnreadNoticeCount } from '@/services/my';

/** Beyond this the badge says 99+. */
const BADGE_MAX = 99;

/**
 * The bar's bell for a signed-in person: their unread notices (ADR 0031) as a red count, and a way
 * to /app/notices. Counted when the page opens; a failed count shows a bell without a number.
 */
export default function NoticeBell() {
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    let alive = true;
    queryUnreadNoticeCount({ skipErrorHandler: true })
      .then((body) => alive && setUnread(body.data?.unread ?? 0))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return (
    <Link to="/app/notices" className="m-layout-bell" aria-label={unread ? `我的消息，${unread}条未读` : '我的消息'}>
      <BellOutline aria-hidden />
      {unread ? (
        <span className="m-layout-bell-count" aria-hidden>
          {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
        </span>
      ) : null}
    </Link>
  );
}
