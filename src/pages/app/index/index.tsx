import { Link, useAccess, useModel } from '@umijs/max';
import { useEffect, useState } from 'react';
import { Skeleton } from 'antd-mobile';
import {
  ChatCheckOutline,
  EnvironmentOutline,
  FileOutline,
  RightOutline,
  SendOutline,
  UnorderedListOutline,
  UserCircleOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { NEWS_BANNER_MAX, PLATFORM_TITLE } from '@common/constants';
import type { PageResult } from '@common/contracts/base';
import type { PublicNewsItem } from '@common/contracts/content';
import NewsCard from '@/components/AppNews/NewsCard';
import { EmptyList, LoadFailed } from '@/components/AppTask/ListStates';
import MobileLayout from '@/components/MobileLayout';
import { useLargeText } from '@/components/MobileLayout/largeText';
import { type Loaded, dataOf, useLoaded } from '@/hooks/useLoaded';
import { queryDispatchedAppeals, queryDispatchedPhotoReports, queryMyTaskCounts } from '@/services/my';
import { queryPublicNews } from '@/services/publicContent';
import { canOpenPhoneEntry } from '@/utils/routeAccess';
import NewsBanner from './components/NewsBanner';
import './index.css';

const LATEST_COUNT = 5;

const ENTRIES = [
  { to: '/app/newsList', title: '新闻动态', icon: <FileOutline />, tone: 'blue' },
  { to: '/app/taskList', title: '任务公开', icon: <UnorderedListOutline />, tone: 'orange' },
  { to: '/app/service', title: '便民服务', icon: <ChatCheckOutline />, tone: 'red' },
  { to: '/app/introductList', title: '村情介绍', icon: <EnvironmentOutline />, tone: 'green' },
  { to: '/app/mytask', title: '我的任务', icon: <UserOutline />, tone: 'purple' },
  { to: '/app/dispatched', title: '转派诉求', icon: <SendOutline />, tone: 'cyan' },
  { to: '/user/login', title: '登录', icon: <UserCircleOutline />, tone: 'purple' },
];

function Welcome() {
  const { initialState } = useModel('@@initialState');
  const settings = initialState?.settings;
  return (
    <div className="home-welcome">
      <div className="home-welcome-title">{settings?.platformTitle || PLATFORM_TITLE}</div>
      <div className="home-welcome-sub">{settings?.centreName ? `${settings.centreName} · ` : ''}欢迎您</div>
    </div>
  );
}

type NewsPage = Loaded<PageResult<PublicNewsItem>> & { reload: () => void };

/** Pinned news with their covers; the welcome card when nothing is pinned (or the call failed). */
function Banner({ pinned }: { pinned: NewsPage }) {
  if (pinned.status === 'loading') {
    return <div className="home-banner home-banner-loading" aria-busy="true" aria-label="加载中" />;
  }
  const list = pinned.status === 'ready' ? pinned.data.list.slice(0, NEWS_BANNER_MAX) : [];
  if (!list.length) return <Welcome />;
  return <NewsBanner items={list} />;
}

/** What waits on a cadre's tiles: tasks to do or redo, open appeals handed to the village. */
type Waiting = Partial<Record<string, number>>;

/** Counted once when the home opens, for those who have the tiles; a failed count shows no number. */
function useWaiting(cadre: boolean): Waiting {
  const [waiting, setWaiting] = useState<Waiting>({});
  useEffect(() => {
    if (!cadre) return undefined;
    let alive = true;
    queryMyTaskCounts({ skipErrorHandler: true })
      .then((body) => alive && body.data && setWaiting((w) => ({ ...w, '/app/mytask': body.data!.todo + body.data!.rejected })))
      .catch(() => undefined);
    // Appeals and photo reports handed to the village (ADR 0064) wait behind one tile.
    const open = { state: 'open' as const, current: 1, pageSize: 1 };
    Promise.all([queryDispatchedAppeals(open, { skipErrorHandler: true }), queryDispatchedPhotoReports(open, { skipErrorHandler: true })])
      .then(([appeals, reports]) => {
        if (alive) setWaiting((w) => ({ ...w, '/app/dispatched': (appeals.data?.total ?? 0) + (reports.data?.total ?? 0) }));
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [cadre]);
  return waiting;
}

/** The entries this person may open (canOpenPhoneEntry): 4 for a villager, 5 for a visitor, 6 for a cadre, whose tiles count what waits. */
function EntryGrid() {
  const access = useAccess();
  const entries = ENTRIES.filter((entry) => canOpenPhoneEntry(access, entry.to));
  const waiting = useWaiting(canOpenPhoneEntry(access, '/app/mytask'));
  return (
    <nav className={`home-entries home-entries-${entries.length}`} aria-label="功能入口">
      {entries.map((entry) => {
        const count = waiting[entry.to];
        return (
          // The count is read after the title from words, not from the badge: a name must hold the visible title.
          <Link key={entry.to} to={entry.to} className="home-entry">
            <span className={`home-entry-icon home-entry-${entry.tone}`}>
              {entry.icon}
              {count ? (
                <span className="home-entry-count" aria-hidden>
                  {count > 99 ? '99+' : count}
                </span>
              ) : null}
            </span>
            <span className="home-entry-title">{entry.title}</span>
            {count ? <span className="glp-visually-hidden">，{count} 项待办</span> : null}
          </Link>
        );
      })}
    </nav>
  );
}

function LargeTextRow() {
  const [large, setLarge] = useLargeText();
  return (
    <div className="home-large-text">
      <div>
        <div className="home-large-text-title">大字模式</div>
        <div className="m-muted">放大所有页面的文字，方便阅读</div>
      </div>
      {/* A plain switch: antd-mobile's would add 1 KiB to this page for one control. */}
      <button
        type="button"
        role="switch"
        aria-checked={large}
        aria-label="大字模式"
        className={`home-switch${large ? ' home-switch-on' : ''}`}
        onClick={() => setLarge(!large)}
      />
    </div>
  );
}

/** The newest news that are not pinned (the pinned ones are in the banner above). */
function LatestNews({ latest, pinnedCount, onRetry }: { latest: NewsPage; pinnedCount: number; onRetry: () => void }) {
  const none = latest.status === 'ready' && latest.data.list.length === 0;
  if (none && pinnedCount > 0) return null;
  return (
    <section className="home-latest" aria-labelledby="home-latest-title">
      <div className="home-section-head">
        <h2 id="home-latest-title">最新动态</h2>
        <Link to="/app/newsList" className="home-more">
          更多
          <RightOutline />
        </Link>
      </div>
      {latest.status === 'loading' ? (
        <div className="app-news-list home-skeleton" aria-busy="true" aria-label="加载中">
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      ) : null}
      {latest.status === 'error' ? <LoadFailed message={latest.message} onRetry={onRetry} /> : null}
      {none ? <EmptyList title="暂无新闻" description="镇里发布新闻后会在这里显示" /> : null}
      {latest.status === 'ready' && latest.data.list.length > 0 ? (
        <div className="app-news-list">
          {latest.data.list.map((news) => (
            <NewsCard key={news.id} news={news} />
          ))}
        </div>
      ) : null}
    </section>
  );
}

/** /app/index: the phone home — pinned news, the entries, the large-text switch and the latest news. */
export default function AppHomePage() {
  const { initialState } = useModel('@@initialState');
  const pinned = useLoaded(
    () => queryPublicNews({ pinned: true, current: 1, pageSize: NEWS_BANNER_MAX }, { skipErrorHandler: true }).then(dataOf),
    [],
  );
  const latest = useLoaded(
    () => queryPublicNews({ pinned: false, current: 1, pageSize: LATEST_COUNT }, { skipErrorHandler: true }).then(dataOf),
    [],
  );
  return (
    <MobileLayout title={initialState?.settings?.platformTitle || PLATFORM_TITLE} back={false} tabBar>
      <Banner pinned={pinned} />
      <EntryGrid />
      <LargeTextRow />
      <LatestNews
        latest={latest}
        pinnedCount={pinned.status === 'ready' ? pinned.data.list.length : 0}
        onRetry={() => {
          latest.reload();
          if (pinned.status === 'error') pinned.reload();
        }}
      />
    </MobileLayout>
  );
}
