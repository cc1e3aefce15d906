import { Button, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { PHOTO_REPORT_IMAGES_MAX, PHOTO_REPORT_IMAGES_MIN } from '@common/constants';
import type { PhotoReportDetail } from '@common/contracts/people';
import { LIMITS } from '@common/limits';
import { acceptDispatchedPhotoReport, replyDispatchedPhotoReport } from '@/services/my';
import Field from '../../service/components/Field';
import { ReplyPhotosField, useReplyPhotos } from './ReplyPhotos';
import { useCadreStep } from './useCadreStep';

interface Props {
  report: PhotoReportDetail;
  /** The server's answer after a step: the report as it now is. */
  onDone: (report: PhotoReportDetail) => void;
  /** The report moved meanwhile (409) or left the village (404): load it again. */
  onStale: () => void;
}

/**
 * A cadre's steps on a photo report handed to their village (ADR 0064): 受理 while it waits, then
 * the answer — what was done and 1–9 photos of the place after it — which the centre reviews. A
 * report sent back shows why, and takes a new answer. The text and photos stay when a step fails.
 */
export default function CadreShotActions({ report, onDone, onStale }: Props) {
  const pending = report.status === 'pending';
  const [result, setResult] = useState('');
  const [touched, setTouched] = useState(false);
  const [tried, setTried] = useState(false);
  const photos = useReplyPhotos(PHOTO_REPORT_IMAGES_MAX, PHOTO_REPORT_IMAGES_MIN);
  const { attempt, step } = useCadreStep<PhotoReportDetail>(onStale, onDone);

  const resultError = touched && !/\S/.test(result) ? '请填写处置情况' : undefined;
  const photosError = tried && photos.missing ? '请至少拍一张处置后的现场照片' : undefined;

  const accept = () => step(() => acceptDispatchedPhotoReport(report.id, { skipErrorHandler: true }));

  const sendReply = () => {
    setTouched(true);
    setTried(true);
    if (!/\S/.test(result) || !photos.ready()) return;
    void step(() => replyDispatchedPhotoReport(report.id, { result: result.trim(), imageIds: photos.ids }, { skipErrorHandler: true }));
  };

  return (
    <section className="m-section dsp-actions" aria-labelledby="dsp-actions-title">
      <h3 className="m-section-title" id="dsp-actions-title">
        {pending ? '受理随手拍' : '回复处置情况'}
      </h3>
      {attempt.error ? (
        <div className="m-alert" role="alert">
          {attempt.error}
        </div>
      ) : null}
      {pending ? (
        <>
          <p className="m-muted dsp-intro">镇里已将此随手拍转派到本村，请先受理，到现场处置后拍照回复，镇里审核后办结。</p>
          <div className="dsp-buttons">
            <Button
              block
              color="primary"
              size="large"
              loading={attempt.submitting}
              loadingText="正在受理"
              disabled={attempt.submitting}
              onClick={accept}
            >
              受理
            </Button>
          </div>
        </>
      ) : (
        <>
          {report.returnReason ? (
            <div className="svc-answer svc-answer-bad dsp-returned" role="note">
              <div className="svc-answer-label">镇里退回，请重新处置</div>
              <p className="svc-text">{report.returnReason}</p>
            </div>
          ) : null}
          <Field id="dsp-result" label="处置情况" required error={resultError} hint="写明到现场做了什么，镇里审核后告诉群众">
            <TextArea
              id="dsp-result"
              className="svc-textarea"
              value={result}
              onChange={(next) => {
                setResult(next);
                setTouched(true);
              }}
              placeholder="例如：已组织人员清运垃圾，河道已冲洗干净"
              maxLength={LIMITS.reportResult}
              showCount
              autoSize={{ minRows: 4, maxRows: 10 }}
              disabled={attempt.submitting}
              aria-invalid={!!resultError}
              aria-describedby={resultError ? 'dsp-result-error' : undefined}
            />
          </Field>
          <ReplyPhotosField reply={photos} label="处置后照片" error={photosError} disabled={attempt.submitting} />
          <div className="dsp-buttons">
            <Button
              block
              color="primary"
              size="large"
              loading={attempt.submitting}
              loadingText="正在提交"
              disabled={attempt.submitting}
              onClick={sendReply}
            >
              提交处置情况
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
