import { history } from '@umijs/max';
import { Button, Selector, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { PHOTO_REPORT_IMAGES_MAX, PHOTO_REPORT_IMAGES_MIN, PHOTO_REPORT_TYPES } from '@common/constants';
import type { CurrentUser } from '@common/contracts/auth';
import { LIMITS } from '@common/limits';
import DraftNotice from '@/components/DraftNotice';
import MobileLayout from '@/components/MobileLayout';
import PhotoPicker, { usePhotoUploads } from '@/components/PhotoPicker';
import { useDraft } from '@/hooks/useDraft';
import { useSignInGuard } from '@/hooks/useSignInGuard';
import { draftId } from '@/utils/drafts';
import { createPhotoReport } from '@/services/photoReports';
import AreaField from './components/AreaField';
import Field, { scrollToField } from './components/Field';
import LocationField from './components/LocationField';
import { readyToSubmit } from './components/submitCheck';
import { recordsUrl } from './components/serviceText';
import { useGeolocation } from './components/useGeolocation';
import { type FieldErrors, serverFieldErrors, useValidatedForm } from './components/useValidatedForm';
import { useSubmitAttempt } from './components/useSubmitAttempt';
import '@/styles/phone.css';
import './components/service.css';

interface ShotValues extends Record<string, unknown> {
  type: number | null;
  description: string;
  area: number | null;
  location: string;
}
const FIELD_ORDER = ['photos', 'type', 'description', 'area', 'location'] as const;
const TYPE_OPTIONS = PHOTO_REPORT_TYPES.map((label, index) => ({ label, value: index + 1 }));

/** `photoCount` and `located` (the phone's position is in hand) come from outside the values. */
function validateShot(
  values: ShotValues,
  { photoCount, located }: { photoCount: number; located: boolean },
): FieldErrors<ShotValues & { photos: unknown }> {
  const errors: FieldErrors<ShotValues & { photos: unknown }> = {};
  if (photoCount < PHOTO_REPORT_IMAGES_MIN) errors.photos = '请至少拍一张照片，让工作人员看清问题';
  if (!values.type) errors.type = '请选择问题类型';
  const description = values.description.trim();
  if (!description) errors.description = '请描述一下看到的问题';
  else if (description.length > LIMITS.reportDescription) errors.description = `问题描述不能超过${LIMITS.reportDescription}个字`;
  if (!values.area) errors.area = '请选择所在村（社区）';
  // Staff must be able to find the spot: the phone's position, or the place in words.
  if (!located && !values.location.trim()) errors.location = '请点击“获取当前位置”，或填写问题所在的地点';
  else if (values.location.trim().length > LIMITS.reportLocation) errors.location = `位置不能超过${LIMITS.reportLocation}个字`;
  return errors;
}

function shotTipUrl() {
  const query = new URLSearchParams({
    type: 'success',
    title: '随手拍已提交',
    text: '感谢您的反映！工作人员处理后，处理结果可在“我的记录”中查看。',
    back: recordsUrl('shot'),
    backText: '查看我的记录',
  });
  return `/app/tip?${query}`;
}

function ShotForm({ user, onCleared }: { user: CurrentUser; onCleared(): void }) {
  const photos = usePhotoUploads(PHOTO_REPORT_IMAGES_MAX);
  const geo = useGeolocation();
  const position = geo.state.status === 'located' ? geo.state : null;
  const form = useValidatedForm<ShotValues>(
    { type: null, description: '', area: user.area ?? null, location: '' },
    (v) => validateShot(v, { photoCount: photos.photos.length, located: position !== null }),
    ['photos'],
  );
  const { values } = form;
  // The phone's position is not kept: it is asked for again where the villager is now.
  const draft = useDraft<ShotValues>({
    id: draftId('shot', user.id),
    signature: JSON.stringify(values) + photos.draftSignature,
    take: () =>
      values.type || values.description.trim() || values.location.trim() || photos.photos.length
        ? { fields: values, photos: photos.draftPhotos() }
        : null,
    restore: ({ fields, photos: kept }) => {
      form.restore(fields);
      photos.restore(kept);
    },
  });
  const attempt = useSubmitAttempt(draft.clientKey);
  const busy = attempt.submitting;

  const submit = async () => {
    if (!readyToSubmit(form, photos, FIELD_ORDER)) return;
    const created = await attempt.run(
      (clientKey) =>
        createPhotoReport(
          {
            description: values.description.trim(),
            type: values.type!,
            area: values.area!,
            imageIds: photos.uploadedIds,
            location: values.location.trim(),
            lat: position?.lat ?? null,
            lng: position?.lng ?? null,
            clientKey,
          },
          { skipErrorHandler: true },
        ).then((body) => body.data),
      (error) => {
        const fields = serverFieldErrors(error, FIELD_ORDER, { imageIds: 'photos', lat: 'location', lng: 'location' });
        form.setServerErrors(fields);
        scrollToField(Object.keys(fields)[0]);
      },
    );
    if (!created) return;
    await draft.sent();
    history.replace(shotTipUrl());
  };

  return (
    <MobileLayout
      title="随手拍"
      back="/app/service"
      footer={
        <Button block color="primary" size="large" loading={busy} loadingText="正在提交" disabled={busy} onClick={submit}>
          提交随手拍
        </Button>
      }
    >
      <DraftNotice savedAt={draft.restoredAt} onClear={() => draft.discard().then(onCleared)} />
      {attempt.error ? (
        <div className="m-alert svc-form-alert" role="alert">
          {attempt.error}
        </div>
      ) : null}
      <section className="m-section svc-form svc-shot-photos" aria-label="现场照片" data-field="photos">
        <PhotoPicker
          min={PHOTO_REPORT_IMAGES_MIN}
          max={PHOTO_REPORT_IMAGES_MAX}
          label="现场照片"
          hint={`拍清问题和周边环境，最多${PHOTO_REPORT_IMAGES_MAX}张；照片会先在手机上压缩再上传，节省流量`}
          photos={photos.photos}
          onAdd={(files) => {
            form.clearServerError('photos');
            return photos.add(files);
          }}
          onRetry={photos.retry}
          onRemove={(key) => {
            form.clearServerError('photos');
            form.touch('photos');
            photos.remove(key);
          }}
          disabled={busy}
          error={form.errorOf('photos')}
        />
      </section>
      <section className="m-section svc-form" aria-label="问题信息">
        <Field id="type" label="问题类型" required labelOnly error={form.errorOf('type')}>
          <Selector
            className="svc-selector"
            aria-labelledby="type-label"
            columns={2}
            options={TYPE_OPTIONS}
            value={values.type ? [values.type] : []}
            onChange={(picked) => form.set('type', picked[0] ?? null)}
            disabled={busy}
          />
        </Field>
        <Field id="description" label="问题描述" required error={form.errorOf('description')}>
          <TextArea
            id="description"
            className="svc-textarea"
            value={values.description}
            onChange={(v) => form.set('description', v)}
            onBlur={() => form.touch('description')}
            placeholder="看到了什么问题？如：河边堆了很多生活垃圾，有异味"
            maxLength={LIMITS.reportDescription}
            showCount
            autoSize={{ minRows: 3, maxRows: 8 }}
            disabled={busy}
          />
        </Field>
      </section>
      <section className="m-section svc-form" aria-label="问题位置">
        <AreaField
          value={values.area}
          onChange={(area) => form.set('area', area)}
          error={form.errorOf('area')}
          disabled={busy}
          fallbackName={user.areaName}
        />
        <LocationField
          geo={geo.state}
          onLocate={() => {
            form.clearServerError('location');
            geo.locate();
          }}
          onClearPosition={geo.clear}
          text={values.location}
          onText={(v) => form.set('location', v, false)}
          onBlur={() => form.touch('location')}
          error={form.errorOf('location')}
          disabled={busy}
        />
      </section>
    </MobileLayout>
  );
}

/** /app/service/shot: 随手拍 — photos first, then the kind of problem, a description and where it is. */
export default function ShotPage() {
  const user = useSignInGuard();
  // Clearing a restored draft starts the form afresh.
  const [round, setRound] = useState(0);
  if (!user) return <MobileLayout title="随手拍" back="/app/service" />;
  return <ShotForm key={round} user={user} onCleared={() => setRound(round + 1)} />;
}
