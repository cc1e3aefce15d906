import type { CheckedImage } from '@common/contracts/tasks';
import CheckedPhotos from '@/components/PhotoCheck/CheckedPhotos';

/**
 * A submission's photos as thumbnails; click one to browse them all, zoom and rotate. Each carries
 * its check (疑似重复, 拍摄过早, the capture time on hover); `detailed` spells them out (the drawer).
 */
export default function SubmissionPhotos({ images, name, detailed = false }: { images: CheckedImage[]; name: string; detailed?: boolean }) {
  return (
    <CheckedPhotos
      images={images}
      altOf={(index) => `${name}提交的第${index + 1}张图片`}
      size={detailed ? 96 : 52}
      detailed={detailed}
      emptyText="无图片"
    />
  );
}
