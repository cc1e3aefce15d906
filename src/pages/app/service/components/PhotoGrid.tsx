import type { ImageRef } from '@common/contracts/tasks';

/** The full-screen viewer loads on the first tap, not with the page. */
function viewImages(images: string[], defaultIndex: number) {
  import('antd-mobile/es/components/image-viewer')
    .then(({ default: ImageViewer }) => ImageViewer.Multi.show({ images, defaultIndex }))
    .catch(() => window.open(images[defaultIndex], '_blank', 'noopener'));
}

/** Thumbnails three to a row; a tap opens them full screen, swipeable. */
export default function PhotoGrid({ images, label = '照片' }: { images: ImageRef[]; label?: string }) {
  if (!images.length) return null;
  const urls = images.map((image) => image.url);
  return (
    <div className="svc-photos" role="group" aria-label={label}>
      {urls.map((url, index) => (
        <button
          type="button"
          key={`${url}-${index}`}
          className="svc-photo"
          aria-label={`查看${label}第${index + 1}张`}
          onClick={() => viewImages(urls, index)}
        >
          <img src={url} alt="" loading="lazy" />
        </button>
      ))}
    </div>
  );
}
