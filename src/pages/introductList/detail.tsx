import dayjs from 'dayjs';
import { Link, useParams } from '@umijs/max';
import PublicLayout from '@/components/PublicLayout';
import { PublicError, PublicLoading } from '@/components/PublicLayout/states';
import RichContent from '@/components/RichContent';
import { dataOf, useLoaded } from '@/hooks/useLoaded';
import { queryVillageIntroduction } from '@/services/publicContent';
import VillageFacts from '@/components/VillageFacts';
import { usePageTitle } from '@/utils/documentTitle';
import { areaFromParam } from '@/utils/villageFigures';
import VillageCover from './components/VillageCover';
import './detail.css';

const NOT_FOUND = '未找到该村（社区）的介绍';

/** /introductList/:area: one village's figures and introduction, public. */
export default function VillageDetailPage() {
  const area = areaFromParam(useParams<{ area: string }>().area);
  const village = useLoaded(
    () => (area ? queryVillageIntroduction(area, { skipErrorHandler: true }).then(dataOf) : Promise.reject(new Error(NOT_FOUND))),
    [area],
  );
  const data = village.status === 'ready' ? village.data : undefined;
  const missing = !area || (village.status === 'error' && village.code === 404);
  usePageTitle(data?.name ?? (missing && village.status === 'error' ? '页面不存在' : undefined));
  const back = (
    <Link to="/introductList" className="public-back">
      ← 返回村情列表
    </Link>
  );

  return (
    <PublicLayout
      title={data?.name ?? '村情介绍'}
      subtitle={data?.updatedAt ? `更新于 ${dayjs(data.updatedAt).format('YYYY年M月D日')}` : undefined}
      extra={back}
    >
      {village.status === 'loading' ? <PublicLoading /> : null}
      {village.status === 'error' ? (
        <div className="public-card">
          {missing ? (
            <PublicError title="页面不存在" message={NOT_FOUND} />
          ) : (
            <PublicError message={village.message} onRetry={village.reload} />
          )}
        </div>
      ) : null}
      {data ? (
        <>
          <section className="village-hero">
            <VillageCover village={data} className="village-hero-cover" />
            <div className="public-card village-facts">
              <h2 className="public-section-title">基本情况</h2>
              <VillageFacts
                village={data}
                classes={{
                  figures: 'village-facts-figures',
                  figure: 'village-facts-figure',
                  contact: 'village-facts-contact',
                  empty: 'village-facts-empty',
                }}
              />
            </div>
          </section>
          <article className="public-card village-article">
            <h2 className="public-section-title">村情概况</h2>
            <RichContent html={data.content} emptyText="暂无详细介绍" />
          </article>
        </>
      ) : null}
    </PublicLayout>
  );
}
