import { Form } from 'antd';
import type { ImageRef } from '@common/contracts/tasks';
import ImageGallery from '@/components/ImageUpload/ImageGallery';

/**
 * Optional photos under a reply or a result (up to `max`, the replier's own uploads, private like
 * the record's). Named as the body's field, so the server's complaints about them land under them.
 */
export function ReplyPhotosField({ label, max }: { label: string; max: number }) {
  return (
    <Form.Item name="imageIds" label={label}>
      <ImageGallery max={max} />
    </Form.Item>
  );
}

/** The chosen photos' ids, from the dialog's values. */
export const replyPhotoIds = (values: Record<string, unknown>) =>
  ((values.imageIds as ImageRef[] | undefined) ?? []).map((image) => image.id);
