import { Link } from '@umijs/max';
import { newsColumnLabel } from '@common/constants';
import type { PublicNewsItem } from '@common/contracts/content';
import { formatNewsDate } from './newsText';
import './index.css';

/** One news item of a phone list: title (as text), column, area, date and views, cover thumbnail. */
export default function NewsCard({ news }: { news: PublicNewsItem }) {
  return (
    <Link to={`/app/newsList/${news.id}`} className="app-news-card">
      <div className="app-news-card-main">
        <h3 className="app-news-card-title">
          {news.pinned ? <span className="app-news-pin">置顶</span> : null}
          {news.title}
        </h3>
        <div className="app-news-meta">
          <span className="app-news-column">{newsColumnLabel(news.column)}</span>
          <span>{news.areaName}</span>
          <span>{formatNewsDate(news.publishedAt)}</span>
          <span>{news.views} 阅读</span>
        </div>
      </div>
      {news.cover ? (
        <div className="app-news-thumb">
          <img src={news.cover.url} alt="" loading="lazy" />
        </div>
      ) : null}
    </Link>
  );
}
