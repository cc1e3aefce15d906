import { Tag } from 'antd-mobile';
import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from '@common/constants';
import type { SubmissionItem } from '@common/contracts/tasks';
import { formatDateTime } from '@/components/AppTask/taskText';
import ImageNotReady, { isReady } from '@/components/ImageNotReady';
import { fieldValueText } from '@common/taskFields';

/** The full-screen viewer loads on the first tap, not with the page. */
function viewImages(images: string[], defaultIndex: number) {
  import('antd-mobile/es/components/image-viewer')
    .then(({ default: ImageViewer }) => ImageViewer.Multi.show({ images, defaultIndex }))
    .catch(() => window.open(images[defaultIndex], '_blank', 'noopener'));
}

const STATUS_COLORS: Record<SubmissionStatus, 'warning' | 'success' | 'danger'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};

/** One submission as the cadre sent it, with the review. */
export default function SubmissionView({ submission }: { submission: SubmissionItem }) {
  const urls = submission.images.filter(isReady).map((img) => img.url);
  return (
    <article className="submission-view">
      <div className="submission-view-head">
        <div className="app-task-tags">
          <Tag color={STATUS_COLORS[submission.status]} className="app-task-tag">
            {SUBMISSION_STATUS_LABELS[submission.status]}
          </Tag>
          {submission.late ? (
            <Tag color="danger" fill="outline" className="app-task-tag">
              逾期提交
            </Tag>
          ) : null}
        </div>
        <span className="m-muted">{formatDateTime(submission.createdAt)}</span>
      </div>
      {submission.text ? <p className="submission-view-text">{submission.text}</p> : null}
      {submission.fields.some((f) => submission.values[f.key] !== undefined) ? (
        <dl className="submission-view-values" aria-label="填报内容">
          {submission.fields
            .filter((f) => submission.values[f.key] !== undefined)
            .map((f) => (
              <div key={f.key} style={{ display: 'contents' }}>
                <dt>{f.label}</dt>
                <dd>{fieldValueText(f, submission.values[f.key])}</dd>
              </div>
            ))}
        </dl>
      ) : null}
      {submission.images.length ? (
        <div className="submission-view-images">
          {submission.images.map((image, index) =>
            isReady(image) ? (
              <button
                type="button"
                key={image.id}
                className="submission-view-image"
                aria-label={`查看第${index + 1}张照片`}
                onClick={() => viewImages(urls, urls.indexOf(image.url))}
              >
                <img src={image.url} alt="" loading="lazy" />
              </button>
            ) : (
              <ImageNotReady key={image.id} image={image} label={`第${index + 1}张照片`} className="submission-view-image" />
            ),
          )}
        </div>
      ) : null}
      {submission.status !== 'pending' ? (
        <div className={submission.status === 'rejected' ? 'app-task-comment' : 'submission-view-review'}>
          {submission.status === 'rejected' ? '驳回意见：' : '审核意见：'}
          {submission.comment || (submission.status === 'rejected' ? '（审核人未填写）' : '无')}
          <div className="submission-view-reviewer">
            {submission.reviewerName ?? '审核人'} · {formatDateTime(submission.reviewedAt)}
          </div>
        </div>
      ) : null}
    </article>
  );
}
