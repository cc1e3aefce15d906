import { Image, Space, Typography } from 'antd';
import type { ImageRef } from '@common/contracts/tasks';

/** Photos as thumbnails; click one to browse them all, zoom and rotate (antd's preview). */
export default function Photos({ images, label, size = 88 }: { images: ImageRef[]; label: string; size?: number }) {
  if (!images.length) return <Typography.Text type="secondary">无照片</Typography.Text>;
  return (
    <Image.PreviewGroup>
      <Space size={8} wrap>
        {images.map((image, index) => (
          <Image
            key={image.id}
            src={image.url}
            alt={`${label}第${index + 1}张`}
            width={size}
            height={size}
            style={{ objectFit: 'cover', borderRadius: 4 }}
            preview={{ mask: '查看' }}
          />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
