import { DeleteOutlined, LoadingOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Image, Upload } from 'antd';
import { useState } from 'react';
import type { ImageRef } from '@common/contracts/tasks';
import { IMAGE_ACCEPT, IMAGE_RULE_TEXT } from './checkImage';
import { uploadPickedImage } from './upload';
import './index.css';

interface CoverUploadProps {
  value?: ImageRef | null;
  onChange?: (image: ImageRef | null) => void;
  /** What the picture is, in messages and labels: 封面图. */
  what?: string;
  /** The frame the picture is shown in (it is cropped to fill it, as the readers' pages do). */
  width?: number;
  height?: number;
  /** A line under the rule text, e.g. the best proportions. */
  hint?: string;
  disabled?: boolean;
}

/**
 * One picture (a cover): pick a file, it is checked here (type, size) and uploaded at once; the
 * form keeps the stored image. Shown cropped like the readers see it, click to view it whole.
 */
export default function CoverUpload({ value, onChange, what = '封面图', width = 240, height = 135, hint, disabled }: CoverUploadProps) {
  const [uploading, setUploading] = useState(false);

  const pick = async (file: File) => {
    setUploading(true);
    try {
      const image = await uploadPickedImage(file, what);
      if (image) onChange?.(image);
    } finally {
      setUploading(false);
    }
  };

  const picker = (children: React.ReactNode) => (
    <Upload
      accept={IMAGE_ACCEPT}
      showUploadList={false}
      disabled={disabled || uploading}
      beforeUpload={(file) => {
        void pick(file);
        return Upload.LIST_IGNORE;
      }}
    >
      {children}
    </Upload>
  );

  const rules = (
    <div className="image-upload-hint">
      {IMAGE_RULE_TEXT}
      {hint ? <div>{hint}</div> : null}
    </div>
  );

  if (!value) {
    return (
      <div className="image-upload-cover">
        {picker(
          <div
            className="image-upload-trigger"
            style={{ width, height }}
            role="button"
            tabIndex={0}
            aria-label={`上传${what}`}
            aria-busy={uploading}
          >
            {uploading ? <LoadingOutlined /> : <PictureOutlined />}
            <span>{uploading ? '上传中…' : `上传${what}`}</span>
          </div>,
        )}
        {rules}
      </div>
    );
  }

  return (
    <div className="image-upload-cover">
      <div className="image-upload-frame" style={{ width, height }}>
        <Image src={value.url} alt={what} preview={{ mask: '查看原图' }} />
      </div>
      <div className="image-upload-actions">
        {picker(
          <Button icon={uploading ? <LoadingOutlined /> : <UploadOutlined />} disabled={disabled || uploading}>
            {uploading ? '上传中…' : `更换${what}`}
          </Button>,
        )}
        <Button icon={<DeleteOutlined />} disabled={disabled || uploading} onClick={() => onChange?.(null)}>
          移除{what}
        </Button>
        {rules}
      </div>
    </div>
  );
}
