import { useParams } from '@umijs/max';
import { UserOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import type { AppealDetail } from '@common/contracts/people';
import MobileLayout from '@/components/MobileLayout';
import { dataOf, useLoaded } from '@/hooks/useLoaded';
import { useTaskRoleGuard } from '@/hooks/useTaskRoleGuard';
import { getAppeal } from '@/services/appeals';
import { usePageTitle } from '@/utils/documentTitle';
import { AppealContent, AppealFacts, AppealHistory, AppealOutcome } from '../service/components/AppealSections';
import { DetailStates, InfoLine, NotFound, type NotFoundText } from '../service/components/DetailStates';
import { isAppealOpen } from '@common/workflow';
import CadreActions from './components/CadreActions';
import '@/styles/phone.css';
import '../service/components/service.css';
import './index.css';

const BACK = '/app/dispatched';
const NOT_FOUND: NotFoundText = { description: '可能地址有误，或该诉求已由镇里收回', backText: '返回转派诉求' };

function Appeal({ appeal, onChange, reload }: { appeal: AppealDetail; onChange: (appeal: AppealDetail) => void; reload: () => void }) {
  usePageTitle(appeal.title);
  const open = isAppealOpen(appeal.status);
  return (
    <>
      <AppealFacts appeal={appeal} extra={<InfoLine icon={<UserOutline aria-hidden />}>提交人 {appeal.submitterName}</InfoLine>} />
      <AppealContent appeal={appeal} />
      {/* While open, the cadre's own steps take the place of the villager's "waiting" sentence. */}
      {open ? <CadreActions key={appeal.status} appeal={appeal} onDone={onChange} onStale={reload} /> : <AppealOutcome appeal={appeal} />}
      <AppealHistory appeal={appeal} />
    </>
  );
}

function AppealLoader({ appealId }: { appealId: number }) {
  // After a step the server's answer stands in for the loaded copy until the next reload.
  const [updated, setUpdated] = useState<AppealDetail>();
  const loaded = useLoaded(() => getAppeal(appealId, { skipErrorHandler: true }).then(dataOf), [appealId]);
  const reload = () => {
    setUpdated(undefined);
    loaded.reload();
  };
  return (
    <DetailStates loaded={loaded} what="诉求" back={BACK} notFound={NOT_FOUND}>
      {(appeal) => <Appeal appeal={updated ?? appeal} onChange={setUpdated} reload={reload} />}
    </DetailStates>
  );
}

/** /app/dispatched/:id: an appeal the town handed to the cadre's village — 受理, 答复 or 不予受理. */
export default function DispatchedAppealPage() {
  const user = useTaskRoleGuard();
  const { id } = useParams<{ id: string }>();
  const appealId = Number(id);
  const valid = Number.isInteger(appealId) && appealId >= 1;
  return (
    <MobileLayout title="诉求办理" back={BACK}>
      {user && valid ? <AppealLoader key={appealId} appealId={appealId} /> : null}
      {user && !valid ? <NotFound what="诉求" back={BACK} {...NOT_FOUND} /> : null}
    </MobileLayout>
  );
}
