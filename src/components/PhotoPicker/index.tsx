import { UPLOAD_MESSAGES } from '@common/constants';
import { Toast } from 'antd-mobile';
import { CameraOutline, CloseOutline, PicturesOutline } from 'antd-mobile-icons';
import { type ChangeEvent, type ReactNode, useRef } from 'react';
import type { Photo } from './usePhotoUploads';
import './index.css';

export { type Photo, usePhotoUploads } from './usePhotoUploads';

interface PhotoPickerProps {
  /** The fewest photos the form needs (0: optional). */
  min: number;
  /** The most photos kept; min === max asks for exactly that many. */
  max: number;
  photos: Photo[];
  onAdd(files: File[]): number;
  onRetry(key: string): void;
  onRemove(key: string): void;
  disabled?: boolean;
  label?: string;
  /** The line under the grid; by default it says how many photos are asked for. */
  hint?: ReactNode;
  /** A message about the photos from the server (a refused submission). */
  error?: string;
}

function PhotoTile({
  photo,
  index,
  onRetry,
  onRemove,
  disabled,
}: { photo: Photo; index: number } & Pick<PhotoPickerProps, 'onRetry' | 'onRemove' | 'disabled'>) {
  const label = `第${index + 1}张照片`;
  return (
    <div className="photo-tile" data-status={photo.status} aria-label={label}>
      {photo.preview || photo.upload ? <img src={photo.preview || photo.upload?.url} alt={label} /> : null}
      {photo.status === 'compressing' ? <div className="photo-tile-mask">压缩中…</div> : null}
      {photo.status === 'uploading' ? (
        <div className="photo-tile-mask">
          <span>{photo.progress}%</span>
          <div
            className="photo-tile-progress"
            role="progressbar"
            aria-label={`${label}上传进度`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={photo.progress}
          >
            <div style={{ width: `${photo.progress}%` }} />
          </div>
        </div>
      ) : null}
      {photo.status === 'error' ? (
        <button
          type="button"
          className="photo-tile-mask photo-tile-retry"
          onClick={() => onRetry(photo.key)}
          disabled={disabled}
          title={photo.error}
        >
          <span>上传失败</span>
          <span className="photo-tile-retry-label">点击重试</span>
        </button>
      ) : null}
      {photo.status === 'done' ? (
        // Accepted in a burst: the server decodes it shortly (ADR 0058); the form can be sent meanwhile.
        <span className="photo-tile-done">{photo.upload?.status === 'pending' ? UPLOAD_MESSAGES.decoding : '已上传'}</span>
      ) : null}
      <button
        type="button"
        className="photo-tile-remove"
        aria-label={`删除${label}`}
        onClick={() => onRemove(photo.key)}
        disabled={disabled}
      >
        <span>
          <CloseOutline />
        </span>
      </button>
    </div>
  );
}

function defaultHint(min: number, max: number) {
  const saving = '照片会先在手机上压缩再上传，节省流量';
  if (min === max) return `需上传${max}张照片，${saving}`;
  if (min === 0) return `可上传最多${max}张照片，${saving}`;
  return `至少上传${min}张、最多${max}张照片，${saving}`;
}

/**
 * Photos taken with the camera or chosen from the album, between `min` and `max` of them. Each
 * tile shows its own state: compressing, uploading with a percentage, uploaded, or failed with a retry.
 */
export default function PhotoPicker({
  min,
  max,
  photos,
  onAdd,
  onRetry,
  onRemove,
  disabled,
  label = '现场照片',
  hint,
  error,
}: PhotoPickerProps) {
  const camera = useRef<HTMLInputElement>(null);
  const album = useRef<HTMLInputElement>(null);
  const done = photos.filter((p) => p.status === 'done').length;
  const failed = photos.filter((p) => p.status === 'error');

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = ''; // the same photo can be chosen again after removing it
    const left = onAdd(files);
    if (left > 0) Toast.show({ content: `${min === max ? `只需${max}` : `最多${max}`}张照片，多选的${left}张未添加` });
  };

  return (
    <div className="photo-picker">
      <div className="photo-picker-head">
        <span>
          {label}
          {min > 0 ? <span className="photo-picker-required">*</span> : <span className="photo-picker-optional">（选填）</span>}
        </span>
        <span className={`photo-count ${done >= Math.max(min, 1) ? 'photo-count-ok' : 'm-muted'}`}>
          已上传 {done}/{max}
        </span>
      </div>
      <div className="photo-grid">
        {photos.map((photo, index) => (
          <PhotoTile key={photo.key} photo={photo} index={index} onRetry={onRetry} onRemove={onRemove} disabled={disabled} />
        ))}
        {photos.length < max ? (
          <>
            <button type="button" className="photo-add" onClick={() => camera.current?.click()} disabled={disabled}>
              <CameraOutline />
              <span>拍照</span>
            </button>
            <button type="button" className="photo-add" onClick={() => album.current?.click()} disabled={disabled}>
              <PicturesOutline />
              <span>从相册选</span>
            </button>
          </>
        ) : null}
      </div>
      {failed.length ? (
        <p className="photo-error" role="alert">
          {failed.length}张照片上传失败{failed[0].error ? `（${failed[0].error}）` : ''}，请点击照片重试或删除后重新选择
        </p>
      ) : error ? (
        <p className="photo-error" role="alert">
          {error}
        </p>
      ) : (
        <p className="m-muted">{hint ?? defaultHint(min, max)}</p>
      )}
      <input ref={camera} type="file" accept="image/*" capture="environment" hidden onChange={onChange} data-testid="photo-camera" />
      <input ref={album} type="file" accept="image/*" multiple hidden onChange={onChange} data-testid="photo-album" />
    </div>
  );
}
