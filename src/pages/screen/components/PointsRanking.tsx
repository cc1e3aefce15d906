import type { CSSProperties } from 'react';
import { STATS_LIST_SIZE } from '@common/constants';
import type { TopPoints } from '@common/contracts/stats';

/**
 * 积分排行: the top ten with a bar against the leader; medals for the first three. Only people who
 * hold a place are listed: a short list leaves the bottom of the panel empty, not filled with blanks.
 */
export default function PointsRanking({ ranking }: { ranking: TopPoints[] }) {
  if (!ranking.length) return <p className="screen-empty">暂无积分记录</p>;
  const top = Math.max(1, ...ranking.map((r) => r.points));
  return (
    // Rows sized for the full list, so a short list keeps the same rhythm from the top.
    <ol className="screen-ranking" aria-label="积分排行前十" style={{ gridTemplateRows: `repeat(${STATS_LIST_SIZE}, minmax(0, 1fr))` }}>
      {ranking.map((person, index) => (
        <li key={person.userId} className={`screen-ranking-row${index < 3 ? ` screen-ranking-top${index + 1}` : ''}`}>
          <span className="screen-ranking-place">{index + 1}</span>
          <span className="screen-ranking-name">{person.name}</span>
          <span className="screen-ranking-area">{person.areaName ?? '中心'}</span>
          <span className="screen-ranking-bar" aria-hidden="true">
            <i style={{ '--screen-bar': `${Math.max(0, person.points / top) * 100}%` } as CSSProperties} />
          </span>
          <span className="screen-ranking-points">
            {person.points}
            <small>分</small>
          </span>
        </li>
      ))}
    </ol>
  );
}
