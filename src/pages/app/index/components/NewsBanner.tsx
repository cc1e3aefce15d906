/**
 * The home banner: pinned news as slides the finger swipes through (native scroll snapping), with
 * dots and a slow autoplay that pauses while touched. Written here rather than with antd-mobile's
 * Swiper, which (6 KiB with its indicator) pushed /app/index over its 160 KiB budget.
 */
import { Link } from '@umijs/max';
import { useEffect, useRef, useState } from 'react';
import type { PublicNewsItem } from '@common/contracts/content';

const AUTOPLAY_MS = 5000;

function Slide({ news }: { news: PublicNewsItem }) {
  return (
    <Link to={`/app/newsList/${news.id}`} className={`home-slide${news.cover ? '' : ' home-slide-blank'}`}>
      {news.cover ? <img src={news.cover.url} alt="" className="home-slide-img" /> : null}
      <span className="home-slide-title">{news.title}</span>
    </Link>
  );
}

export default function NewsBanner({ items }: { items: PublicNewsItem[] }) {
  const trackRef = useRef<HTMLDivElement>(null);
  const touching = useRef(false);
  const [active, setActive] = useState(0);

  const currentIndex = () => {
    const track = trackRef.current;
    return track && track.clientWidth ? Math.round(track.scrollLeft / track.clientWidth) : 0;
  };
  const show = (index: number) => {
    const track = trackRef.current;
    track?.scrollTo?.({ left: index * track.clientWidth, behavior: 'smooth' });
  };

  useEffect(() => {
    if (items.length < 2) return undefined;
    const timer = window.setInterval(() => {
      if (touching.current || document.hidden) return;
      show((currentIndex() + 1) % items.length);
    }, AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [items.length]);

  return (
    <div className="home-banner" aria-label="置顶新闻" aria-roledescription="轮播">
      <div
        className="home-banner-track"
        ref={trackRef}
        onScroll={() => setActive(currentIndex())}
        onTouchStart={() => (touching.current = true)}
        onTouchEnd={() => (touching.current = false)}
      >
        {items.map((news) => (
          <div key={news.id} className="home-banner-slide">
            <Slide news={news} />
          </div>
        ))}
      </div>
      {items.length > 1 ? (
        <div className="home-banner-dots">
          {items.map((news, index) => (
            <button
              key={news.id}
              type="button"
              className={`home-banner-dot${index === active ? ' home-banner-dot-active' : ''}`}
              aria-label={`第${index + 1}条`}
              aria-current={index === active}
              onClick={() => show(index)}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
