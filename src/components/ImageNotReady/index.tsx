import { UPLOAD_MESSAGES } from '@common/constants';
import type { ImageRef } from '@common/contracts/tasks';
import './index.css';

/** Whether a record's picture can be shown: not while it waits for its decode or after it failed (ADR 0058). */
export const isReady = (image: Pick<ImageRef, 'status'>) => !image.status;

/**
 * The tile of a picture that cannot be shown yet: 处理中 while the server decodes it, 图片处理失败
 * when it could not (the sender replaces it). Takes the grid's tile class so it sits like a photo.
 */
export default function ImageNotReady({ image, label, className }: { image: ImageRef; label: string; className: string }) {
  const text = image.status === 'failed' ? UPLOAD_MESSAGES.decodeFailed : UPLOAD_MESSAGES.decoding;
  return (
    <div className={`${className} image-not-ready`} data-status={image.status} role="img" aria-label={`${label}：${text}`}>
      <span>{text}</span>
    </div>
  );
}
