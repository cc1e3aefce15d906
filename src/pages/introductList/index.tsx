import { Link } from '@umijs/max';
import type { VillageIntroduction } from '@common/contracts/content';
import PublicLayout from '@/components/PublicLayout';
import { PublicEmpty, PublicError, PublicLoading } from '@/components/PublicLayout/states';
import { dataOf, useLoaded } from '@/hooks/useLoaded';
import { queryVillageIntroductions } from '@/services/publicContent';
import { NO_FIGURES_TEXT, filledFigures, formatFigure } from '@/utils/villageFigures';
import VillageCover from './components/VillageCover';
import './index.css';

const CARD_FIGURES = [
  { key: 'population', label: '人口', unit: '人' },
  { key: 'households', label: '户数', unit: '户' },
  { key: 'partyMembers', label: '党员', unit: '人' },
] as const;

function VillageCard({ village }: { village: VillageIntroduction }) {
  const figures = filledFigures(village, CARD_FIGURES);
  return (
    <Link to={`/introductList/${village.area}`} className="village-card">
      <VillageCover village={village} />
      <div className="village-card-body">
        <h2 className="village-card-name">{village.name}</h2>
        <p className={`village-card-summary${village.summary ? '' : ' village-card-muted'}`}>{village.summary || '暂无简介'}</p>
        {figures.length ? (
          <dl className="village-card-figures">
            {figures.map((f) => (
              <div key={f.key} className="village-card-figure">
                <dt>{f.label}</dt>
                <dd>
                  {formatFigure(f.value)}
                  <small>{f.unit}</small>
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="village-card-figures village-card-no-figures">{NO_FIGURES_TEXT}</p>
        )}
      </div>
    </Link>
  );
}

/** /introductList: every village (and the town community) as a card, public. */
export default function VillageListPage() {
  const villages = useLoaded(() => queryVillageIntroductions({ skipErrorHandler: true }).then(dataOf), []);
  return (
    <PublicLayout title="村情介绍" subtitle="全镇各村（社区）基本情况，点击查看详情">
      {villages.status === 'loading' ? <PublicLoading /> : null}
      {villages.status === 'error' ? <PublicError message={villages.message} onRetry={villages.reload} /> : null}
      {villages.status === 'ready' && villages.data.length === 0 ? (
        <div className="public-card">
          <PublicEmpty title="暂无村情介绍" />
        </div>
      ) : null}
      {villages.status === 'ready' && villages.data.length > 0 ? (
        <div className="village-grid">
          {villages.data.map((village) => (
            <VillageCard key={village.area} village={village} />
          ))}
        </div>
      ) : null}
    </PublicLayout>
  );
}
