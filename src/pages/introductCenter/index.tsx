import dayjs from 'dayjs';
import { useModel } from '@umijs/max';
import PublicLayout from '@/components/PublicLayout';
import { PublicEmpty, PublicError, PublicLoading } from '@/components/PublicLayout/states';
import RichContent from '@/components/RichContent';
import { dataOf, useLoaded } from '@/hooks/useLoaded';
import { queryCenterIntroduction } from '@/services/publicContent';
import { usePageTitle } from '@/utils/documentTitle';
import './index.css';

/** /introductCenter: the governance centre's introduction, public. */
export default function CenterIntroductionPage() {
  const { initialState } = useModel('@@initialState');
  const centreName = initialState?.settings?.centreName;
  const center = useLoaded(() => queryCenterIntroduction({ skipErrorHandler: true }).then(dataOf), []);
  const intro = center.status === 'ready' ? center.data : undefined;
  const empty = intro && !intro.content.trim() && intro.images.length === 0;
  usePageTitle(intro?.title);

  return (
    <PublicLayout
      title={intro?.title || '中心介绍'}
      subtitle={
        intro?.updatedAt ? `${centreName ? `${centreName} · ` : ''}更新于 ${dayjs(intro.updatedAt).format('YYYY年M月D日')}` : centreName
      }
    >
      {center.status === 'loading' ? <PublicLoading /> : null}
      {center.status === 'error' ? <PublicError message={center.message} onRetry={center.reload} /> : null}
      {empty ? (
        <div className="public-card">
          <PublicEmpty title="暂未发布中心介绍" description="中心暂未发布介绍文字和图片。" />
        </div>
      ) : null}
      {intro && !empty ? (
        <div className="center-intro">
          <article className="public-card center-intro-article">
            <RichContent html={intro.content} emptyText="暂无文字介绍" />
          </article>
          {intro.images.length ? (
            <section className="public-card center-intro-gallery" aria-labelledby="center-gallery-title">
              <h2 className="public-section-title" id="center-gallery-title">
                中心风采
              </h2>
              <div className="center-intro-images">
                {intro.images.map((image, index) => (
                  <a key={image.id} href={image.url} target="_blank" rel="noreferrer" className="center-intro-image">
                    <img src={image.url} alt={`中心风采图片${index + 1}`} loading="lazy" />
                  </a>
                ))}
              </div>
            </section>
          ) : null}
        </div>
      ) : null}
    </PublicLayout>
  );
}
