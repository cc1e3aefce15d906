import { useEffect, useState } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import type { MyScore } from '@common/contracts/scores';
import { pageErrorMessage } from '@/hooks/usePagedList';
import { queryMyScore } from '@/services/my';

/** The cadre's name, village and points (GET /api/my/score). `version` reloads it. */
export default function ScoreCard({ user, version }: { user: CurrentUser; version: number }) {
  const [score, setScore] = useState<MyScore>();
  const [failed, setFailed] = useState<string>();
  useEffect(() => {
    let alive = true;
    queryMyScore({ skipErrorHandler: true })
      .then((body) => {
        if (!alive) return;
        setScore(body.data);
        setFailed(undefined);
      })
      .catch((error) => alive && setFailed(pageErrorMessage(error)));
    return () => {
      alive = false;
    };
  }, [version]);

  const rank = failed ? '积分加载失败' : score?.areaRank ? `${user.areaName ?? '本区域'}排名第 ${score.areaRank} 名` : null;
  // Name and points on one line, role and village under the name, the rank on its own line: each
  // part keeps its words together, so large text wraps between parts and never inside one.
  return (
    <section className="mytask-score" aria-label="我的积分">
      <div className="mytask-score-who">
        <div className="mytask-score-name">{user.name}</div>
        <div className="mytask-score-sub">
          <span>{user.roleName}</span>
          {user.areaName ? <span>{user.areaName}</span> : null}
        </div>
      </div>
      <div className="mytask-score-figure">
        <div className="mytask-score-points" aria-label="积分">
          {score ? score.points : '—'}
        </div>
        <div className="mytask-score-sub">我的积分</div>
      </div>
      {rank ? <div className="mytask-score-rank">{rank}</div> : null}
    </section>
  );
}
