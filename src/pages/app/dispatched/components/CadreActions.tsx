import { Button, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { APPEAL_IMAGES_MAX } from '@common/constants';
import type { AppealDetail } from '@common/contracts/people';
import { LIMITS } from '@common/limits';
import { confirmAction } from '@/components/MobileLayout/confirm';
import { acceptDispatchedAppeal, rejectDispatchedAppeal, replyDispatchedAppeal } from '@/services/my';
import Field from '../../service/components/Field';
import { ReplyPhotosField, useReplyPhotos } from './ReplyPhotos';
import { useCadreStep } from './useCadreStep';

type Mode = 'reply' | 'reject';

interface Props {
  appeal: AppealDetail;
  /** The server's answer after a step: the appeal as it now is. */
  onDone: (appeal: AppealDetail) => void;
  /** The appeal moved meanwhile (409) or left the village (404): load it again. */
  onStale: () => void;
}

const required = (value: string, label: string) => (/\S/.test(value) ? undefined : `请填写${label}`);

/**
 * A cadre's steps on an appeal handed to their village (ADR 0031): 受理 while it waits, then the
 * 答复; 不予受理 with a reason at either point, after a confirmation. The text stays when a step fails.
 */
export default function CadreActions({ appeal, onDone, onStale }: Props) {
  const pending = appeal.status === 'pending';
  const [showReject, setShowReject] = useState(false);
  const [reply, setReply] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState<Partial<Record<Mode, boolean>>>({});
  const { attempt, step } = useCadreStep<AppealDetail>(onStale, onDone);
  // Optional photos with the reply (up to 9), private like the appeal's own (ADR 0064).
  const photos = useReplyPhotos(APPEAL_IMAGES_MAX, 0);

  const errors: Record<Mode, string | undefined> = {
    reply: required(reply, '答复内容'),
    reject: required(reason, '不予受理的原因'),
  };
  const errorOf = (field: Mode) => (touched[field] ? errors[field] : undefined);

  const accept = () => step(() => acceptDispatchedAppeal(appeal.id, { skipErrorHandler: true }));

  const sendReply = () => {
    setTouched((t) => ({ ...t, reply: true }));
    if (errors.reply || !photos.ready()) return;
    void step(() => replyDispatchedAppeal(appeal.id, { reply: reply.trim(), imageIds: photos.ids }, { skipErrorHandler: true }));
  };

  const sendReject = async () => {
    setTouched((t) => ({ ...t, reject: true }));
    if (errors.reject) return;
    const sure = await confirmAction({
      title: '确定不予受理？',
      content: '提交后诉求即结束办理，群众会收到您填写的原因。',
      confirmText: '不予受理',
    });
    if (sure) await step(() => rejectDispatchedAppeal(appeal.id, { reason: reason.trim() }, { skipErrorHandler: true }));
  };

  const openReject = () => setShowReject(true);

  /** The required text of a step (答复 or its reason), checked as it is typed. */
  const textField = (
    mode: Mode,
    field: { id: string; label: string; hint: string; placeholder: string; maxLength: number; rows: [number, number] },
  ) => {
    const [value, setValue] = mode === 'reply' ? [reply, setReply] : [reason, setReason];
    const error = errorOf(mode);
    return (
      <Field id={field.id} label={field.label} required error={error} hint={field.hint}>
        <TextArea
          id={field.id}
          className="svc-textarea"
          value={value}
          onChange={(next) => {
            setValue(next);
            setTouched((t) => ({ ...t, [mode]: true }));
          }}
          placeholder={field.placeholder}
          maxLength={field.maxLength}
          showCount
          autoSize={{ minRows: field.rows[0], maxRows: field.rows[1] }}
          disabled={attempt.submitting}
          aria-invalid={!!error}
          aria-describedby={error ? `${field.id}-error` : undefined}
        />
      </Field>
    );
  };

  const rejectForm = (
    <div className="dsp-reject">
      {textField('reject', {
        id: 'dsp-reason',
        label: '不予受理原因',
        hint: '请写明原因，群众会看到',
        placeholder: '例如：该事项不属于村里办理范围，请到镇便民服务中心咨询',
        maxLength: LIMITS.refusalReason,
        rows: [3, 6],
      })}
      <div className="dsp-buttons">
        <Button block color="danger" size="large" disabled={attempt.submitting} onClick={sendReject}>
          确认不予受理
        </Button>
        <Button block fill="outline" size="large" disabled={attempt.submitting} onClick={() => setShowReject(false)}>
          取消
        </Button>
      </div>
    </div>
  );

  return (
    <section className="m-section dsp-actions" aria-labelledby="dsp-actions-title">
      <h3 className="m-section-title" id="dsp-actions-title">
        {pending ? '受理诉求' : '答复群众'}
      </h3>
      {attempt.error ? (
        <div className="m-alert" role="alert">
          {attempt.error}
        </div>
      ) : null}
      {pending ? (
        <>
          <p className="m-muted dsp-intro">镇里已将此诉求转派到本村，请先受理，办理后答复群众。</p>
          {!showReject ? (
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
              <Button block color="danger" fill="outline" size="large" disabled={attempt.submitting} onClick={openReject}>
                不予受理
              </Button>
            </div>
          ) : (
            rejectForm
          )}
        </>
      ) : showReject ? (
        rejectForm
      ) : (
        <>
          {textField('reply', {
            id: 'dsp-reply',
            label: '答复内容',
            hint: '群众会在手机上看到您的答复',
            placeholder: '写明办理情况和结果',
            maxLength: LIMITS.appealReply,
            rows: [4, 10],
          })}
          <ReplyPhotosField reply={photos} label="答复照片" disabled={attempt.submitting} />
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
              提交答复
            </Button>
            <Button block color="danger" fill="outline" size="large" disabled={attempt.submitting} onClick={openReject}>
              不予受理
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
