import { Image, Space, Typography } from 'antd';
import type { ImageRef } from '@common/contracts/tasks';

/** A submission's photos as thumbnails; click one to browse them all, zoom and rotate. */
export default function SubmissionPhotos({ images, name }: { images: ImageRef[]; name: string }) {
  if (!images.length) return <Typography.Text type="secondary">无图片</Typography.Text>;
  return (
    <Image.PreviewGroup>
      <Space size={6} wrap>
        {images.map((image, index) => (
          <Image
            key={image.id}
            src={image.url}
            alt={`${name}提交的第${index + 1}张图片`}
            width={52}
            height={52}
            style={{ objectFit: 'cover', borderRadius: 4 }}
            preview={{ mask: '查看' }}
          />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
