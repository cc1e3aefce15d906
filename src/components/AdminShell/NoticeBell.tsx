import { BellOutlined, ReloadOutlined, RightOutlined } from '@ant-design/icons';
import { Link } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Badge, Button, Empty, Popover, Spin, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import type { NoticeGroup, Notices } from '@common/contracts/people';
import { readNotice } from '@/services/my';
import { NOTICES_STALE_EVENT, queryNotices } from '@/services/notices';
import { apiErrorBody } from '@/utils/apiError';
import { formatTime } from '@/utils/format';
import { noticeLink } from '@/utils/noticeLink';
import { handleUnauthorized } from '@/utils/requestConfig';
import { safeAppPath } from '@/utils/safePath';
import { relativeTime } from '@/utils/timeText';
import './NoticeBell.css';

/** How often the bell asks by itself. */
const NOTICE_REFRESH_MS = 60_000;

/** Where one entry of a group opens: its own drawer when the list has one, else the group's list. */
function entryLink(group: NoticeGroup, id: number): string {
  if (group.kind === 'appeals' || group.kind === 'overdueAppeals') return `/peopleService/appeal?id=${id}`;
  if (group.kind === 'photoReports' || group.kind === 'reviewPhotoReports') return `/peopleService/shot?id=${id}`;
  return safeAppPath(group.link) ?? '/';
}

function Group({ group, now, onGo }: { group: NoticeGroup; now: number; onGo: () => void }) {
  const link = safeAppPath(group.link);
  const alert = group.kind === 'overdueAppeals';
  return (
    <section className="notice-group" aria-label={`${group.title}，${group.count} 项`}>
      <div className="notice-group-head">
        <span className="notice-group-title">
          {group.title}
          <span className={alert ? 'notice-group-count notice-group-count-alert' : 'notice-group-count'}>{group.count}</span>
        </span>
        {link ? (
          <Link to={link} onClick={onGo} className="notice-group-all">
            查看全部 <RightOutlined />
          </Link>
        ) : null}
      </div>
      {group.items.length ? (
        <ul className="notice-items">
          {group.items.map((item) => (
            <li key={item.id}>
              <Link to={entryLink(group, item.id)} onClick={onGo} className="notice-item">
                <span className="notice-item-title">{item.title}</span>
                <span className="notice-item-meta">
                  <span className="notice-item-sub">{item.subtitle}</span>
                  <time dateTime={item.time} title={formatTime(item.time)}>
                    {relativeTime(item.time, now)}
                  </time>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <div className="notice-group-none">暂无</div>
      )}
    </section>
  );
}

/** The signed-in person's own unread notices (ADR 0055): each opens its record and is marked read on the way. */
function Mine({ mine, now, onGo }: { mine: Notices['mine']; now: number; onGo: () => void }) {
  const open = (id: number) => {
    onGo();
    // Fire and forget: the page opens at once; the next ask of the bell counts again.
    readNotice(id, { skipErrorHandler: true }).catch(() => undefined);
  };
  return (
    <section className="notice-group" aria-label={`我的消息，${mine.unread} 条未读`}>
      <div className="notice-group-head">
        <span className="notice-group-title">
          我的消息
          <span className="notice-group-count notice-group-count-alert">{mine.unread}</span>
        </span>
        <Link to="/app/notices" onClick={onGo} className="notice-group-all">
          查看全部 <RightOutlined />
        </Link>
      </div>
      <ul className="notice-items">
        {mine.items.map((notice) => (
          <li key={notice.id}>
            <Link to={noticeLink(notice)?.to ?? '/app/notices'} onClick={() => open(notice.id)} className="notice-item">
              <span className="notice-item-title">{notice.title}</span>
              <span className="notice-item-meta">
                <span className="notice-item-sub">{notice.body}</span>
                <time dateTime={notice.createdAt} title={formatTime(notice.createdAt)}>
                  {relativeTime(notice.createdAt, now)}
                </time>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The header's bell: how much work waits for the signed-in user (GET /api/notices), by kind, with
 * the latest items, and their own unread notices above. It asks every minute while the page is visible, when the window regains focus
 * and when a page says it changed something; a failed ask keeps the last answer without a toast.
 */
export default function NoticeBell({ refreshMs = NOTICE_REFRESH_MS }: { refreshMs?: number }) {
  const [open, setOpen] = useState(false);
  const notices = useRequest(async () => (await queryNotices({ skipErrorHandler: true })).data, {
    pollingInterval: refreshMs,
    pollingWhenHidden: false,
    refreshOnWindowFocus: true,
    focusTimespan: 1000,
    onError: (error) => {
      // An expired session signs out like everywhere else; anything else stays quiet.
      if (apiErrorBody(error)?.code === 401) handleUnauthorized();
    },
  });
  const [checkedAt, setCheckedAt] = useState<number>();
  const { data, error, loading, refresh } = notices;

  useEffect(() => {
    if (data) setCheckedAt(Date.now());
  }, [data]);

  useEffect(() => {
    window.addEventListener(NOTICES_STALE_EVENT, refresh);
    return () => window.removeEventListener(NOTICES_STALE_EVENT, refresh);
  }, [refresh]);

  const mine = data?.mine;
  const unread = mine?.unread ?? 0;
  const total = (data?.total ?? 0) + unread;
  const groups = (data?.groups ?? []).filter((g) => g.count > 0);
  const now = Date.now();
  // Until the first answer, the bell does not claim that nothing waits.
  const label = !data
    ? error && !loading
      ? '待办提醒，加载失败'
      : '待办提醒，正在加载'
    : total > 0
      ? `待办提醒，${total - unread} 项待处理${unread ? `，${unread} 条未读消息` : ''}`
      : '待办提醒，暂无待办';

  let body: React.ReactNode;
  if (!data && loading) {
    body = (
      <div className="notice-state">
        <Spin size="small" /> <span>正在加载待办…</span>
      </div>
    );
  } else if (!data && error) {
    body = (
      <div className="notice-state">
        <span className="glp-muted">待办加载失败</span>
        <Button size="small" onClick={refresh}>
          重试
        </Button>
      </div>
    );
  } else if (!groups.length && !unread) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待办事项，工作都处理完了" />;
  } else {
    body = (
      <>
        {mine && unread ? <Mine mine={mine} now={now} onGo={() => setOpen(false)} /> : null}
        {groups.map((group) => (
          <Group key={group.kind} group={group} now={now} onGo={() => setOpen(false)} />
        ))}
      </>
    );
  }

  const content = (
    <div className="notice-panel" role="region" aria-label="待办提醒列表">
      <div className="notice-panel-head">
        <strong>待办提醒</strong>
        <span className="notice-panel-tools">
          {error && data && checkedAt ? (
            <span className="glp-muted notice-stale">刷新失败，显示 {dayjs(checkedAt).format('HH:mm')} 的数据</span>
          ) : null}
          <Tooltip title="刷新">
            <Button size="small" type="text" icon={<ReloadOutlined spin={loading && !!data} />} aria-label="刷新待办" onClick={refresh} />
          </Tooltip>
        </span>
      </div>
      <div className="notice-panel-body">{body}</div>
    </div>
  );

  return (
    <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} arrow={false}>
      <Button type="text" className="notice-bell" aria-label={label} aria-haspopup="dialog" aria-expanded={open}>
        <Badge count={total} overflowCount={99} size="small" offset={[2, -2]}>
          <BellOutlined className="notice-bell-icon" />
        </Badge>
      </Button>
    </Popover>
  );
}
