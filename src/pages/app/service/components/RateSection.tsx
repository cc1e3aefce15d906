import { useLocation } from '@umijs/max';
import { Button, Rate, TextArea } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { SATISFACTION_LABELS } from '@common/constants';
import type { AppealDetail } from '@common/contracts/people';
import { LIMITS } from '@common/limits';
import { formatDateTime } from '@/components/AppTask/taskText';
import { rateAppeal } from '@/services/my';
import { apiErrorBody } from '@/utils/apiError';
import { RATE_ANCHOR } from './serviceText';
import { useSubmitAttempt } from './useSubmitAttempt';

const scoreLabel = (score: number) => SATISFACTION_LABELS[score - 1] ?? '';

/** The villager's rating as given, or as staff recorded it on a call-back (回访): stars, their words, the comment. */
export function RatingView({ appeal }: { appeal: AppealDetail }) {
  const score = appeal.satisfaction ?? 0;
  const byCallback = appeal.satisfactionSource === 'callback';
  return (
    <section className="m-section" aria-labelledby="svc-rating-title">
      <h3 className="m-section-title" id="svc-rating-title">
        {byCallback ? '回访评价' : '我的评价'}
      </h3>
      <div className="svc-rating-given">
        <Rate readOnly value={score} className="svc-rate" />
        <span className="svc-rate-label">{scoreLabel(score)}</span>
      </div>
      {appeal.satisfactionComment ? <p className="svc-text">{appeal.satisfactionComment}</p> : null}
      {appeal.ratedAt ? (
        <div className="m-muted">
          {byCallback ? `工作人员电话回访时记录于 ${formatDateTime(appeal.ratedAt)}` : `评价于 ${formatDateTime(appeal.ratedAt)}`}
        </div>
      ) : null}
    </section>
  );
}

/**
 * Rating the answer (once): 1–5 stars with their words and an optional comment. The server's
 * answer (the appeal, now rated and closed) replaces the page's copy.
 */
export default function RateSection({
  appeal,
  onRated,
  onStale,
}: {
  appeal: AppealDetail;
  onRated: (appeal: AppealDetail) => void;
  /** The server says it can no longer be rated (already rated, e.g. an answer lost on the way): reload. */
  onStale: () => void;
}) {
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');
  const attempt = useSubmitAttempt();
  const sectionRef = useRef<HTMLElement>(null);
  const { hash } = useLocation();

  // Opened from a 待评价 card (#rate): the form comes into view and takes the focus.
  useEffect(() => {
    const section = sectionRef.current;
    if (hash !== `#${RATE_ANCHOR}` || !section) return;
    section.scrollIntoView?.({ block: 'start' });
    section.focus({ preventScroll: true });
  }, [hash]);

  const submit = async () => {
    if (score < 1) return;
    const rated = await attempt.run(
      () =>
        rateAppeal(appeal.id, { score, ...(comment.trim() ? { comment: comment.trim() } : {}) }, { skipErrorHandler: true }).then(
          (body) => body.data,
        ),
      (error) => {
        if (apiErrorBody(error)?.code === 409) onStale();
      },
    );
    if (rated) onRated(rated);
  };

  return (
    <section className="m-section svc-rate-form" id={RATE_ANCHOR} ref={sectionRef} tabIndex={-1} aria-labelledby="svc-rate-title">
      <h3 className="m-section-title" id="svc-rate-title">
        评价本次办理
      </h3>
      <p className="m-muted svc-rate-intro">您对答复满意吗？请点亮星星打分，评价后本诉求将办结。</p>
      <div className="svc-rate-row">
        <Rate value={score} onChange={setScore} allowClear={false} className="svc-rate svc-rate-large" aria-label="满意度" />
        <span className={`svc-rate-label${score ? '' : ' m-muted'}`} aria-live="polite">
          {score ? scoreLabel(score) : '请打分'}
        </span>
      </div>
      <label className="svc-field-label svc-rate-comment-label" htmlFor="rate-comment">
        评价内容（选填）
      </label>
      <TextArea
        id="rate-comment"
        className="svc-textarea"
        value={comment}
        onChange={setComment}
        placeholder="说说您的看法或建议"
        maxLength={LIMITS.rateComment}
        showCount
        autoSize={{ minRows: 2, maxRows: 6 }}
        disabled={attempt.submitting}
      />
      {attempt.error ? (
        <div className="m-alert svc-rate-alert" role="alert">
          {attempt.error}
        </div>
      ) : null}
      <Button
        block
        color="primary"
        size="large"
        disabled={score < 1 || attempt.submitting}
        loading={attempt.submitting}
        loadingText="正在提交"
        onClick={submit}
      >
        提交评价
      </Button>
    </section>
  );
}
