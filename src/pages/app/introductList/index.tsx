import { Link } from '@umijs/max';
import { Skeleton } from 'antd-mobile';
import type { VillageIntroduction } from '@common/contracts/content';
import { EmptyList, LoadFailed } from '@/components/AppTask/ListStates';
import MobileLayout from '@/components/MobileLayout';
import { dataOf, useLoaded } from '@/hooks/useLoaded';
import { queryVillageIntroductions } from '@/services/publicContent';
import { NO_FIGURES_TEXT, filledFigures, formatFigure } from '@/utils/villageFigures';
import './index.css';

const CARD_FIGURES = [
  { key: 'population', label: '人口', unit: '人' },
  { key: 'households', label: '户数', unit: '户' },
  { key: 'partyMembers', label: '党员', unit: '人' },
] as const;

function VillageCard({ village }: { village: VillageIntroduction }) {
  const figures = filledFigures(village, CARD_FIGURES);
  return (
    <Link to={`/app/introductList/${village.area}`} className="app-village-card">
      <div className={`app-village-cover${village.cover ? '' : ` app-village-cover-blank app-village-tone-${village.area % 4}`}`}>
        {village.cover ? <img src={village.cover.url} alt="" loading="lazy" /> : <span>{village.name}</span>}
      </div>
      <div className="app-village-body">
        <h3 className="app-village-name">{village.name}</h3>
        <p className="app-village-summary">{village.summary || '暂无简介'}</p>
        <div className="app-village-figures">
          {figures.length
            ? figures.map((f) => (
                <span key={f.key}>
                  {f.label} <b>{formatFigure(f.value)}</b>
                </span>
              ))
            : NO_FIGURES_TEXT}
        </div>
      </div>
    </Link>
  );
}

/** /app/introductList: the villages (and the town community) as cards. */
export default function AppVillageListPage() {
  const villages = useLoaded(() => queryVillageIntroductions({ skipErrorHandler: true }).then(dataOf), []);
  return (
    <MobileLayout title="村情介绍">
      {villages.status === 'loading' ? (
        <div className="app-village-list" aria-busy="true" aria-label="加载中">
          {[0, 1, 2].map((i) => (
            <div key={i} className="app-village-card app-village-skeleton">
              <Skeleton.Title animated />
              <Skeleton.Paragraph lineCount={2} animated />
            </div>
          ))}
        </div>
      ) : null}
      {villages.status === 'error' ? <LoadFailed message={villages.message} onRetry={villages.reload} /> : null}
      {villages.status === 'ready' && villages.data.length === 0 ? <EmptyList title="暂无村情介绍" /> : null}
      {villages.status === 'ready' && villages.data.length > 0 ? (
        <div className="app-village-list">
          {villages.data.map((village) => (
            <VillageCard key={village.area} village={village} />
          ))}
        </div>
      ) : null}
    </MobileLayout>
  );
}
