import { Toast } from 'antd-mobile';
import { scrollToField } from './Field';

interface CheckedForm {
  touchAll(): void;
  valid: boolean;
  firstInvalid(order: readonly string[]): string | undefined;
}
interface CheckedPhotos {
  busy: boolean;
  photos: unknown[];
  uploadedIds: number[];
}

/**
 * Whether a phone form may be sent now: every field shows its error, the first one scrolls into
 * view, and photos still uploading or failed hold the submit back, each with a word to the villager.
 */
export function readyToSubmit(form: CheckedForm, photos: CheckedPhotos, fieldOrder: readonly string[]): boolean {
  form.touchAll();
  if (!form.valid) {
    scrollToField(form.firstInvalid(fieldOrder));
    Toast.show({ content: '请按红色提示补充或修改' });
    return false;
  }
  if (photos.busy) {
    Toast.show({ content: '照片还在上传，请稍候再提交' });
    return false;
  }
  if (photos.photos.length > photos.uploadedIds.length) {
    Toast.show({ content: '有照片上传失败，请点击照片重试或删除后再提交' });
    return false;
  }
  return true;
}
