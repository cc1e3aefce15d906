import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Image, Tooltip, Upload } from 'antd';
import { useRef, useState } from 'react';
import type { ImageRef } from '@common/contracts/tasks';
import { showMessage } from '@/utils/feedback';
import { IMAGE_ACCEPT, IMAGE_RULE_TEXT } from './checkImage';
import { uploadPickedImage } from './upload';
import './index.css';

interface ImageGalleryProps {
  value?: ImageRef[];
  onChange?: (images: ImageRef[]) => void;
  /** At most this many pictures. */
  max: number;
  disabled?: boolean;
}

/**
 * An ordered set of pictures: add several at once (each checked and uploaded in turn), move one
 * left or right, remove one. The order is the order readers see.
 */
export default function ImageGallery({ value, onChange, max, disabled }: ImageGalleryProps) {
  const images = value ?? [];
  const latest = useRef(images);
  latest.current = images;
  const [pending, setPending] = useState(0);

  const change = (next: ImageRef[]) => {
    latest.current = next;
    onChange?.(next);
  };

  const addFiles = async (files: File[]) => {
    const room = Math.max(0, max - latest.current.length);
    const taken = files.slice(0, room);
    if (files.length > taken.length) {
      showMessage('warning', `最多上传${max}张图片，已忽略多出的${files.length - taken.length}张`);
    }
    for (let i = 0; i < taken.length; i++) {
      setPending(taken.length - i);
      const image = await uploadPickedImage(taken[i], '图片');
      if (image && latest.current.length < max) change([...latest.current, image]);
    }
    setPending(0);
  };

  const move = (index: number, by: -1 | 1) => {
    const next = [...images];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item);
    change(next);
  };

  const full = images.length + pending >= max;

  return (
    <div>
      <Image.PreviewGroup>
        <div className="image-gallery">
          {/* The list holds only the pictures; the upload state and the add button follow it. */}
          <div className="image-gallery-list" role="list" aria-label="图片列表">
            {images.map((image, index) => (
              <div className="image-gallery-tile" key={image.id} role="listitem" aria-label={`第${index + 1}张图片`}>
                <div className="image-upload-frame">
                  <span className="image-gallery-index">{index + 1}</span>
                  <Image src={image.url} alt={`第${index + 1}张图片`} preview={{ mask: '查看' }} />
                </div>
                <div className="image-gallery-tools">
                  <Tooltip title="前移">
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowLeftOutlined />}
                      aria-label={`第${index + 1}张前移`}
                      disabled={disabled || index === 0}
                      onClick={() => move(index, -1)}
                    />
                  </Tooltip>
                  <Tooltip title="后移">
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowRightOutlined />}
                      aria-label={`第${index + 1}张后移`}
                      disabled={disabled || index === images.length - 1}
                      onClick={() => move(index, 1)}
                    />
                  </Tooltip>
                  <Tooltip title="删除">
                    <Button
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`删除第${index + 1}张`}
                      disabled={disabled}
                      onClick={() => change(images.filter((i) => i.id !== image.id))}
                    />
                  </Tooltip>
                </div>
              </div>
            ))}
          </div>
          {pending > 0 ? (
            <div className="image-gallery-busy" aria-busy>
              <LoadingOutlined style={{ marginRight: 6 }} />
              上传中（{pending}张）
            </div>
          ) : null}
          {full ? null : (
            <Upload
              accept={IMAGE_ACCEPT}
              multiple
              showUploadList={false}
              disabled={disabled || pending > 0}
              beforeUpload={(file, batch) => {
                if (file === batch[0]) void addFiles(batch);
                return Upload.LIST_IGNORE;
              }}
            >
              <div className="image-upload-trigger" style={{ width: 128, height: 96 }} role="button" tabIndex={0} aria-label="添加图片">
                <PlusOutlined />
                <span>添加图片</span>
              </div>
            </Upload>
          )}
        </div>
      </Image.PreviewGroup>
      <div className="image-upload-hint" style={{ marginTop: 8 }}>
        已上传 {images.length}/{max} 张，{IMAGE_RULE_TEXT}；可用箭头调整顺序，第1张在最前面显示
      </div>
    </div>
  );
}
