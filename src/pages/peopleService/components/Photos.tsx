import type { CheckedImage } from '@common/contracts/tasks';
import CheckedPhotos from '@/components/PhotoCheck/CheckedPhotos';

/**
 * Photos as thumbnails; click one to browse them all, zoom and rotate (antd's preview). A handler
 * also sees each photo's check (ADR 0027): capture time, 疑似重复 / 拍摄过早, spelled out below.
 */
export default function Photos({ images, label, size = 88 }: { images: CheckedImage[]; label: string; size?: number }) {
  return <CheckedPhotos images={images} altOf={(index) => `${label}第${index + 1}张`} size={size} detailed emptyText="无照片" />;
}
