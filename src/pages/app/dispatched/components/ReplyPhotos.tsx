import { Toast } from 'antd-mobile';
import PhotoPicker, { usePhotoUploads } from '@/components/PhotoPicker';

/**
 * The photos of a village's answer (ADR 0064): taken or chosen, compressed and uploaded at once,
 * each the cadre's own; `min` of them at least (a photo report's answer needs one, an appeal's none).
 */
export function useReplyPhotos(max: number, min: number) {
  const photos = usePhotoUploads(max);
  const missing = min > 0 && photos.photos.length < min;
  /** Whether the answer may go now; says why not otherwise. */
  const ready = () => {
    if (photos.busy) {
      Toast.show({ content: '照片还在上传，请稍候再提交' });
      return false;
    }
    if (photos.photos.length > photos.uploadedIds.length) {
      Toast.show({ content: '有照片上传失败，请点击照片重试或删除后再提交' });
      return false;
    }
    return !missing;
  };
  return { photos, missing, ready, ids: photos.uploadedIds, min, max };
}

/** The picker of those photos, with the error when the answer was sent without the photos it needs. */
export function ReplyPhotosField({
  reply,
  label,
  error,
  disabled,
}: {
  reply: ReturnType<typeof useReplyPhotos>;
  label: string;
  error?: string;
  disabled?: boolean;
}) {
  const { photos } = reply;
  return (
    <div className="svc-field" data-field="photos">
      <PhotoPicker
        min={reply.min}
        max={reply.max}
        label={label}
        photos={photos.photos}
        onAdd={photos.add}
        onRetry={photos.retry}
        onRemove={photos.remove}
        disabled={disabled}
        error={error}
      />
    </div>
  );
}
