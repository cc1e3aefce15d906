import { useParams } from '@umijs/max';
import { useState } from 'react';
import type { AppealDetail } from '@common/contracts/people';
import MobileLayout from '@/components/MobileLayout';
import { dataOf, useLoaded } from '@/hooks/useLoaded';
import { useSignInGuard } from '@/hooks/useSignInGuard';
import { getAppeal } from '@/services/appeals';
import { usePageTitle } from '@/utils/documentTitle';
import { AppealContent, AppealFacts, AppealHistory, AppealOutcome } from './components/AppealSections';
import { DetailStates, NotFound } from './components/DetailStates';
import RateSection, { RatingView } from './components/RateSection';
import { canRate, recordsUrl } from './components/serviceText';
import '@/styles/phone.css';
import './components/service.css';

const BACK = recordsUrl('appeal');

function Appeal({ appeal, onChange, reload }: { appeal: AppealDetail; onChange: (appeal: AppealDetail) => void; reload: () => void }) {
  usePageTitle(appeal.title);
  return (
    <>
      <AppealFacts appeal={appeal} />
      <AppealContent appeal={appeal} />
      <AppealOutcome appeal={appeal} />
      {canRate(appeal) ? <RateSection appeal={appeal} onRated={onChange} onStale={reload} /> : null}
      {appeal.satisfaction ? <RatingView appeal={appeal} /> : null}
      <AppealHistory appeal={appeal} />
    </>
  );
}

function AppealLoader({ appealId }: { appealId: number }) {
  // After a rating the server's answer stands in for the loaded copy until the next reload.
  const [updated, setUpdated] = useState<AppealDetail>();
  const loaded = useLoaded(() => getAppeal(appealId, { skipErrorHandler: true }).then(dataOf), [appealId]);
  const reload = () => {
    setUpdated(undefined);
    loaded.reload();
  };
  return (
    <DetailStates loaded={loaded} what="诉求" back={BACK}>
      {(appeal) => <Appeal appeal={updated ?? appeal} onChange={setUpdated} reload={reload} />}
    </DetailStates>
  );
}

/** /app/service/appeal/:id: one of the villager's appeals — its answer, the rating and every step. */
export default function AppealDetailPage() {
  const user = useSignInGuard();
  const { id } = useParams<{ id: string }>();
  const appealId = Number(id);
  const valid = Number.isInteger(appealId) && appealId >= 1;
  return (
    <MobileLayout title="诉求详情" back={BACK}>
      {user && valid ? <AppealLoader key={appealId} appealId={appealId} /> : null}
      {user && !valid ? <NotFound what="诉求" back={BACK} /> : null}
    </MobileLayout>
  );
}
