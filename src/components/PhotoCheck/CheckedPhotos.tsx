import { CameraOutlined } from '@ant-design/icons';
import { Image, Space, Tooltip, Typography } from 'antd';
import type { CheckedImage } from '@common/contracts/tasks';
import dayjs from 'dayjs';
import PhotoFindings from './PhotoFindings';
import PhotoFlags from './PhotoFlags';
import { takenTooltip } from './texts';
import './photoCheck.css';

interface Props {
  images: CheckedImage[];
  /** The alt text of photo `index` (0-based). */
  altOf: (index: number) => string;
  size: number;
  /** Drawers: each photo's capture time under it and the findings spelled out below. */
  detailed?: boolean;
  /** Shown when there are no photos. */
  emptyText: string;
}

/**
 * A record's photos as thumbnails (click one to browse them all, zoom and rotate), each with its
 * check for a reviewer (ADR 0027): the capture time on hover, 疑似重复 / 拍摄过早 tags under it.
 */
export default function CheckedPhotos({ images, altOf, size, detailed = false, emptyText }: Props) {
  if (!images.length) return <Typography.Text type="secondary">{emptyText}</Typography.Text>;
  return (
    <>
      <Image.PreviewGroup>
        <Space size={detailed ? 8 : 6} wrap align="start">
          {images.map((image, index) => {
            const thumbnail = (
              <Image
                src={image.url}
                alt={altOf(index)}
                width={size}
                height={size}
                style={{ objectFit: 'cover', borderRadius: 4 }}
                preview={{ mask: '查看' }}
              />
            );
            return (
              <div key={image.id} className="checked-photo" style={{ width: size }}>
                {image.check ? (
                  <Tooltip title={takenTooltip(image.check)}>
                    <span className="checked-photo-image">{thumbnail}</span>
                  </Tooltip>
                ) : (
                  thumbnail
                )}
                {image.check && detailed ? (
                  <div className="photo-taken">
                    {image.check.takenAt ? (
                      <>
                        <CameraOutlined aria-label="拍摄时间" /> {dayjs(image.check.takenAt).format('MM-DD HH:mm')}
                      </>
                    ) : (
                      '无拍摄时间'
                    )}
                  </div>
                ) : null}
                {image.check ? <PhotoFlags check={image.check} which={`第${index + 1}张照片`} /> : null}
              </div>
            );
          })}
        </Space>
      </Image.PreviewGroup>
      {detailed ? <PhotoFindings images={images} /> : null}
    </>
  );
}
