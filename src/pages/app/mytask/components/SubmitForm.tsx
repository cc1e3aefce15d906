import { history, useModel } from '@umijs/max';
import { Button, TextArea, Toast } from 'antd-mobile';
import { useRef, useState } from 'react';
import { requiredImageCount, templateHasImages, templateHasText } from '@common/constants';
import type { MyTaskDetail } from '@common/contracts/tasks';
import { LIMITS } from '@common/limits';
import { submitTask } from '@/services/submissions';
import { apiErrorBody, apiErrorMessage } from '@/utils/apiError';
import { forgetSubmissionKey, keepSubmissionKey, submissionKey } from '@/utils/clientKey';
import { draftId } from '@/utils/drafts';
import { useDraft } from '@/hooks/useDraft';
import DraftNotice from '@/components/DraftNotice';
import { handleUnauthorized } from '@/utils/requestConfig';
import PhotoPicker, { usePhotoUploads } from '@/components/PhotoPicker';
import FieldInputs, { type FieldDrafts, fieldErrors, fieldValues, scrollToTaskField } from './FieldInputs';

export const NETWORK_FAILED = '网络连接失败，请检查网络后再次提交（已填写的内容和照片都还在）';

/** The server's words when it answered; a plain sentence when the phone lost the connection. */
function submitErrorMessage(error: unknown) {
  if (!apiErrorBody(error) && (error as { code?: string })?.code === 'ERR_NETWORK') return NETWORK_FAILED;
  return apiErrorMessage(error);
}

/** Where a successful submission lands: the result page, back to the pending tab. */
function successTipUrl(points: number) {
  const query = new URLSearchParams({
    type: 'success',
    title: '提交成功',
    text: points > 0 ? `已提交，等待审核。审核通过后可获得 ${points} 积分。` : '已提交，等待审核。',
    back: '/app/mytask?state=pending',
    backText: '返回我的任务',
  });
  return `/app/tip?${query}`;
}

/**
 * The report form as the task's template asks: text (required with 文字) and exactly the required
 * number of photos (with 图片). Submitting is possible only when both are satisfied; the client key
 * stays the same across retries of one attempt.
 */
export default function SubmitForm(props: { task: MyTaskDetail; resubmit?: boolean }) {
  const account = useModel('@@initialState').initialState?.currentUser?.id;
  // Clearing a restored draft starts the form afresh.
  const [round, setRound] = useState(0);
  return <ReportForm key={round} {...props} account={account} onCleared={() => setRound(round + 1)} />;
}

function ReportForm({
  task,
  resubmit = false,
  account,
  onCleared,
}: {
  task: MyTaskDetail;
  resubmit?: boolean;
  account?: number;
  onCleared(): void;
}) {
  const needsText = templateHasText(task.template);
  const needsImages = templateHasImages(task.template);
  const imageCount = needsImages ? requiredImageCount(task.imageNum) : 0;
  const [text, setText] = useState('');
  const fields = task.fields;
  const [drafts, setDrafts] = useState<FieldDrafts>({});
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  // A double tap lands twice before the button re-renders as loading: only the first one sends.
  const sending = useRef(false);
  const [error, setError] = useState<string>();
  const photos = usePhotoUploads(imageCount);
  const typed = Object.values(drafts).some((v) => v.trim());
  const draft = useDraft<{ text: string; values: FieldDrafts }>({
    id: account === undefined ? null : draftId('submission', account, task.id),
    signature: text + JSON.stringify(drafts) + photos.draftSignature,
    take: () => (text.trim() || typed || photos.photos.length ? { fields: { text, values: drafts }, photos: photos.draftPhotos() } : null),
    restore: ({ fields: kept, photos: keptPhotos, clientKey }) => {
      setText(typeof kept.text === 'string' ? kept.text : '');
      const values = kept.values && typeof kept.values === 'object' ? kept.values : {};
      setDrafts(Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === 'string')));
      setTouched(new Set(Object.keys(values)));
      photos.restore(keptPhotos);
      keepSubmissionKey(task.id, clientKey);
    },
    newKey: () => submissionKey(task.id),
  });

  const missing: string[] = [];
  if (needsText && !text.trim()) missing.push('填写完成情况说明');
  const wrong = fieldErrors(fields, drafts);
  for (const field of fields) if (wrong[field.key]) missing.push(`${touched.has(field.key) ? '改正' : '填写'}${field.label}`);
  if (needsImages && photos.uploadedIds.length < imageCount) {
    missing.push(photos.busy ? '等待照片上传完成' : `再上传${imageCount - photos.uploadedIds.length}张照片`);
  }
  const ready = missing.length === 0 && !photos.busy && photos.photos.length === photos.uploadedIds.length;

  const submit = async () => {
    if (!ready || sending.current) return;
    sending.current = true;
    setSubmitting(true);
    setError(undefined);
    try {
      await submitTask(
        task.id,
        {
          ...(needsText ? { text: text.trim() } : {}),
          imageIds: needsImages ? photos.uploadedIds : [],
          values: fieldValues(fields, drafts),
          clientKey: submissionKey(task.id),
        },
        { skipErrorHandler: true },
      );
      forgetSubmissionKey(task.id);
      await draft.sent();
      history.replace(successTipUrl(task.points));
    } catch (e) {
      if (apiErrorBody(e)?.code === 401) {
        handleUnauthorized();
        return;
      }
      const refused = (apiErrorBody(e)?.errors ?? []).filter((f) => f.field.startsWith('values.'));
      if (refused.length) {
        const keyOf = (field: string) => field.slice('values.'.length);
        setServerErrors(Object.fromEntries(refused.map((f) => [keyOf(f.field), f.message])));
        scrollToTaskField(keyOf(refused[0].field));
      }
      const message = submitErrorMessage(e);
      setError(message);
      Toast.show({ icon: 'fail', content: message });
    } finally {
      sending.current = false;
      setSubmitting(false);
    }
  };

  return (
    <section className="m-section submit-form" aria-label="提交完成情况">
      <h3 className="m-section-title">{resubmit ? '重新提交' : '提交完成情况'}</h3>
      <DraftNotice savedAt={draft.restoredAt} onClear={() => draft.discard().then(onCleared)} />
      {needsText ? (
        <div className="submit-field">
          <label className="submit-field-label" htmlFor="submission-text">
            <span>
              完成情况说明<span className="submit-required">*</span>
            </span>
          </label>
          <TextArea
            id="submission-text"
            value={text}
            onChange={setText}
            placeholder="请填写任务完成情况，如时间、地点、做了什么"
            maxLength={LIMITS.submissionText}
            showCount
            autoSize={{ minRows: 4, maxRows: 10 }}
            disabled={submitting}
          />
        </div>
      ) : null}
      <FieldInputs
        fields={fields}
        drafts={drafts}
        touched={touched}
        disabled={submitting}
        serverErrors={serverErrors}
        onChange={(key, value) => {
          setDrafts((now) => ({ ...now, [key]: value }));
          setServerErrors(({ [key]: _gone, ...rest }) => rest);
        }}
        onTouch={(key) => setTouched((now) => (now.has(key) ? now : new Set(now).add(key)))}
      />
      {needsImages ? (
        <div className="submit-field">
          <PhotoPicker
            min={imageCount}
            max={imageCount}
            photos={photos.photos}
            onAdd={photos.add}
            onRetry={photos.retry}
            onRemove={photos.remove}
            disabled={submitting}
          />
        </div>
      ) : null}
      {error ? (
        <div className="m-alert" role="alert">
          {error}
        </div>
      ) : null}
      <Button block color="primary" size="large" disabled={!ready} loading={submitting} loadingText="正在提交" onClick={submit}>
        {resubmit ? '重新提交' : '提交'}
      </Button>
      {missing.length ? <p className="submit-missing">还需：{missing.join('、')}</p> : null}
    </section>
  );
}
