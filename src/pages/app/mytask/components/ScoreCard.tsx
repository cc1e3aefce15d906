import { useEffect, useState } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import type { MyScore } from '@common/contracts/scores';
import { pageErrorMessage } from '@/hooks/usePagedList';
import { queryMyScore } from '@/services/appTasks';

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

  return (
    <section className="mytask-score" aria-label="我的积分">
      <div>
        <div className="mytask-score-name">{user.name}</div>
        <div className="mytask-score-sub">
          {user.roleName}
          {user.areaName ? ` · ${user.areaName}` : ''}
        </div>
      </div>
      <div className="mytask-score-figure">
        <div className="mytask-score-points" aria-label="积分">
          {score ? score.points : '—'}
        </div>
        <div className="mytask-score-sub">
          {failed ? '积分加载失败' : score?.areaRank ? `我的积分 · ${user.areaName ?? '本区域'}第${score.areaRank}名` : '我的积分'}
        </div>
      </div>
    </section>
  );
}
