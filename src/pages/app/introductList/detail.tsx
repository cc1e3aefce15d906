import { history, useParams } from '@umijs/max';
import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { LoadFailed } from '@/components/AppTask/ListStates';
import MobileLayout from '@/components/MobileLayout';
import RichContent from '@/components/RichContent';
import { dataOf, useLoaded } from '@/hooks/useLoaded';
import { queryVillageIntroduction } from '@/services/publicContent';
import VillageFacts from '@/components/VillageFacts';
import { usePageTitle } from '@/utils/documentTitle';
import { areaFromParam } from '@/utils/villageFigures';
import './index.css';

const LIST = '/app/introductList';

/** /app/introductList/:area: one village's figures, contact and introduction. */
export default function AppVillageDetailPage() {
  const area = areaFromParam(useParams<{ area: string }>().area);
  const village = useLoaded(
    () => (area ? queryVillageIntroduction(area, { skipErrorHandler: true }).then(dataOf) : Promise.reject(new Error('村情介绍不存在'))),
    [area],
  );
  const data = village.status === 'ready' ? village.data : undefined;
  const missing = !area || (village.status === 'error' && village.code === 404);
  usePageTitle(data?.name ?? (missing && village.status === 'error' ? '未找到该村（社区）' : undefined));

  return (
    <MobileLayout title={data?.name ?? '村情介绍'} back={LIST}>
      {village.status === 'loading' ? (
        <div className="m-section" aria-busy="true" aria-label="加载中">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : null}
      {village.status === 'error' && missing ? (
        <div className="m-state">
          <ErrorBlock status="empty" title="未找到该村（社区）" description="地址可能有误" />
          <Button color="primary" fill="outline" onClick={() => history.replace(LIST)}>
            查看全部村（社区）
          </Button>
        </div>
      ) : null}
      {village.status === 'error' && !missing ? <LoadFailed message={village.message} onRetry={village.reload} /> : null}
      {data ? (
        <>
          <div className="app-village-hero">
            {data.cover ? (
              <img src={data.cover.url} alt={`${data.name}封面`} />
            ) : (
              <div className={`app-village-hero-blank app-village-cover-blank app-village-tone-${data.area % 4}`}>{data.name}</div>
            )}
          </div>
          <section className="m-section">
            <h2 className="m-section-title">基本情况</h2>
            <VillageFacts
              village={data}
              classes={{
                figures: 'app-village-stats',
                figure: 'app-village-stat',
                contact: 'app-village-contact',
                empty: 'app-village-empty',
              }}
            />
          </section>
          <section className="m-section">
            <h2 className="m-section-title">村情概况</h2>
            <RichContent html={data.content} emptyText="暂无详细介绍" />
          </section>
        </>
      ) : null}
    </MobileLayout>
  );
}
