import { history } from '@umijs/max';
import { Button, Input, Selector, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { APPEAL_CATEGORIES, APPEAL_IMAGES_MAX, CONTACT_PHONE_PATTERN } from '@common/constants';
import type { CurrentUser } from '@common/contracts/auth';
import type { AppealItem } from '@common/contracts/people';
import { LIMITS } from '@common/limits';
import DraftNotice from '@/components/DraftNotice';
import MobileLayout from '@/components/MobileLayout';
import PhotoPicker, { usePhotoUploads } from '@/components/PhotoPicker';
import { useDraft } from '@/hooks/useDraft';
import { useSignInGuard } from '@/hooks/useSignInGuard';
import { draftId } from '@/utils/drafts';
import { createAppeal } from '@/services/appeals';
import AreaField from './components/AreaField';
import Field, { scrollToField } from './components/Field';
import { readyToSubmit } from './components/submitCheck';
import { recordsUrl, shortDateTime } from './components/serviceText';
import { type FieldErrors, serverFieldErrors, useValidatedForm } from './components/useValidatedForm';
import { useSubmitAttempt } from './components/useSubmitAttempt';
import '@/styles/phone.css';
import './components/service.css';

const PHONE_PATTERN = new RegExp(CONTACT_PHONE_PATTERN);

interface AppealValues extends Record<string, unknown> {
  title: string;
  content: string;
  category: number | null;
  area: number | null;
  phone: string;
}
const FIELD_ORDER = ['title', 'content', 'category', 'area', 'phone'] as const;
const CATEGORY_OPTIONS = APPEAL_CATEGORIES.map((label, index) => ({ label, value: index + 1 }));

function validateAppeal(values: AppealValues): FieldErrors<AppealValues> {
  const errors: FieldErrors<AppealValues> = {};
  const title = values.title.trim();
  if (!title) errors.title = '请填写诉求标题';
  else if (title.length > LIMITS.appealTitle) errors.title = `标题不能超过${LIMITS.appealTitle}个字`;
  const content = values.content.trim();
  if (!content) errors.content = '请填写诉求内容';
  else if (content.length > LIMITS.appealContent) errors.content = `内容不能超过${LIMITS.appealContent}个字`;
  if (!values.category) errors.category = '请选择诉求类别';
  if (!values.area) errors.area = '请选择所在村（社区）';
  const phone = values.phone.trim();
  if (!phone) errors.phone = '请填写联系电话，方便工作人员联系您';
  else if (!PHONE_PATTERN.test(phone)) errors.phone = `请输入正确的联系电话（5–${LIMITS.contactPhone}位数字）`;
  return errors;
}

/** The result page after an accepted appeal: when to expect the answer, and the way to 我的记录. */
function appealTipUrl(appeal: Pick<AppealItem, 'dueAt'> | undefined) {
  const due = appeal?.dueAt ? `工作人员将在 ${shortDateTime(appeal.dueAt)} 前答复，` : '工作人员会尽快答复，';
  const query = new URLSearchParams({
    type: 'success',
    title: '诉求已提交',
    text: `${due}办理进度和答复可在“我的记录”中查看。`,
    back: recordsUrl('appeal'),
    backText: '查看我的记录',
  });
  return `/app/tip?${query}`;
}

function AppealForm({ user, onCleared }: { user: CurrentUser; onCleared(): void }) {
  const form = useValidatedForm<AppealValues>(
    { title: '', content: '', category: null, area: user.area ?? null, phone: user.phone ?? '' },
    validateAppeal,
  );
  const photos = usePhotoUploads(APPEAL_IMAGES_MAX);
  const { values } = form;
  const draft = useDraft<AppealValues>({
    id: draftId('appeal', user.id),
    signature: JSON.stringify(values) + photos.draftSignature,
    take: () =>
      values.title.trim() || values.content.trim() || values.category || photos.photos.length
        ? { fields: values, photos: photos.draftPhotos() }
        : null,
    restore: ({ fields, photos: kept }) => {
      form.restore(fields);
      photos.restore(kept);
    },
  });
  const attempt = useSubmitAttempt(draft.clientKey);
  const photosError = form.errorOf('photos');
  const busy = attempt.submitting;

  const submit = async () => {
    if (!readyToSubmit(form, photos, FIELD_ORDER)) return;
    const created = await attempt.run(
      (clientKey) =>
        createAppeal(
          {
            title: values.title.trim(),
            content: values.content.trim(),
            category: values.category!,
            area: values.area!,
            phone: values.phone.trim(),
            imageIds: photos.uploadedIds,
            clientKey,
          },
          { skipErrorHandler: true },
        ).then((body) => body.data),
      (error) => {
        const fields = serverFieldErrors(error, [...FIELD_ORDER, 'photos'], { imageIds: 'photos' });
        form.setServerErrors(fields);
        scrollToField(Object.keys(fields)[0]);
      },
    );
    if (!created) return;
    await draft.sent();
    history.replace(appealTipUrl(created));
  };

  return (
    <MobileLayout
      title="我要诉求"
      back="/app/service"
      footer={
        <Button block color="primary" size="large" loading={busy} loadingText="正在提交" disabled={busy} onClick={submit}>
          提交诉求
        </Button>
      }
    >
      <DraftNotice savedAt={draft.restoredAt} onClear={() => draft.discard().then(onCleared)} />
      <div className="svc-intro">
        <p>请如实填写您遇到的困难或问题，工作人员受理后会限时答复，办理进度可在“我的记录”中查看。</p>
      </div>
      {attempt.error ? (
        <div className="m-alert svc-form-alert" role="alert">
          {attempt.error}
        </div>
      ) : null}
      <section className="m-section svc-form" aria-label="诉求信息">
        <Field id="title" label="诉求标题" required error={form.errorOf('title')}>
          <Input
            id="title"
            className="svc-input"
            value={values.title}
            onChange={(v) => form.set('title', v)}
            onBlur={() => form.touch('title')}
            placeholder="一句话说明问题，如：村口路灯不亮"
            maxLength={LIMITS.appealTitle}
            clearable
            disabled={busy}
          />
        </Field>
        <Field id="content" label="诉求内容" required error={form.errorOf('content')}>
          <TextArea
            id="content"
            className="svc-textarea"
            value={values.content}
            onChange={(v) => form.set('content', v)}
            onBlur={() => form.touch('content')}
            placeholder="请写明时间、地点、具体情况和您的诉求"
            maxLength={LIMITS.appealContent}
            showCount
            autoSize={{ minRows: 4, maxRows: 10 }}
            disabled={busy}
          />
        </Field>
        <Field id="category" label="诉求类别" required labelOnly error={form.errorOf('category')}>
          <Selector
            className="svc-selector"
            aria-labelledby="category-label"
            columns={3}
            options={CATEGORY_OPTIONS}
            value={values.category ? [values.category] : []}
            onChange={(picked) => form.set('category', picked[0] ?? null)}
            disabled={busy}
          />
        </Field>
      </section>
      <section className="m-section svc-form" aria-label="联系方式">
        <AreaField
          value={values.area}
          onChange={(area) => form.set('area', area)}
          error={form.errorOf('area')}
          disabled={busy}
          fallbackName={user.areaName}
        />
        <Field id="phone" label="联系电话" required error={form.errorOf('phone')} hint="仅用于工作人员联系您，不会公开">
          <Input
            id="phone"
            className="svc-input"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={values.phone}
            onChange={(v) => form.set('phone', v, false)}
            onBlur={() => form.touch('phone')}
            placeholder="手机或固定电话"
            maxLength={LIMITS.contactPhone}
            clearable
            disabled={busy}
          />
        </Field>
      </section>
      <section className="m-section svc-form" aria-label="现场照片" data-field="photos">
        <PhotoPicker
          min={0}
          max={APPEAL_IMAGES_MAX}
          label="现场照片"
          photos={photos.photos}
          onAdd={(files) => {
            form.clearServerError('photos');
            return photos.add(files);
          }}
          onRetry={photos.retry}
          onRemove={(key) => {
            form.clearServerError('photos');
            photos.remove(key);
          }}
          disabled={busy}
          error={photosError}
        />
      </section>
    </MobileLayout>
  );
}

/** /app/service/appeal: 我要诉求 — a villager's appeal with optional photos, compressed before upload. */
export default function AppealPage() {
  const user = useSignInGuard();
  // Clearing a restored draft starts the form afresh.
  const [round, setRound] = useState(0);
  if (!user) return <MobileLayout title="我要诉求" back="/app/service" />;
  return <AppealForm key={round} user={user} onCleared={() => setRound(round + 1)} />;
}
