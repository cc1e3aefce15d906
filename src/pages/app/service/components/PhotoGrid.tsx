import type { ImageRef } from '@common/contracts/tasks';
import ImageNotReady, { isReady } from '@/components/ImageNotReady';

/** The full-screen viewer loads on the first tap, not with the page. */
function viewImages(images: string[], defaultIndex: number) {
  import('antd-mobile/es/components/image-viewer')
    .then(({ default: ImageViewer }) => ImageViewer.Multi.show({ images, defaultIndex }))
    .catch(() => window.open(images[defaultIndex], '_blank', 'noopener'));
}

/**
 * Thumbnails three to a row; a tap opens the ready ones full screen, swipeable. A picture still
 * being processed or failed shows as a tile with its state (ADR 0058).
 */
export default function PhotoGrid({ images, label = '照片' }: { images: ImageRef[]; label?: string }) {
  if (!images.length) return null;
  const urls = images.filter(isReady).map((image) => image.url);
  return (
    <div className="svc-photos" role="group" aria-label={label}>
      {images.map((image, index) =>
        isReady(image) ? (
          <button
            type="button"
            key={`${image.id}-${index}`}
            className="svc-photo"
            aria-label={`查看${label}第${index + 1}张`}
            onClick={() => viewImages(urls, urls.indexOf(image.url))}
          >
            <img src={image.url} alt="" loading="lazy" />
          </button>
        ) : (
          <ImageNotReady key={`${image.id}-${index}`} image={image} label={`${label}第${index + 1}张`} className="svc-photo" />
        ),
      )}
    </div>
  );
}
