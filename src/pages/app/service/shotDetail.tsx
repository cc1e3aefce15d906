import { useParams } from '@umijs/max';
import type { PhotoReportDetail } from '@common/contracts/people';
import MobileLayout from '@/components/MobileLayout';
import { dataOf, useLoaded } from '@/hooks/useLoaded';
import { useSignInGuard } from '@/hooks/useSignInGuard';
import { getPhotoReport } from '@/services/photoReports';
import { DetailStates, NotFound } from './components/DetailStates';
import { recordsUrl } from './components/serviceText';
import { ShotFacts, ShotHistory, ShotOutcome, ShotSection } from './components/ShotSections';
import '@/styles/phone.css';
import './components/service.css';

const BACK = recordsUrl('shot');

function PhotoReport({ report }: { report: PhotoReportDetail }) {
  return (
    <>
      <ShotFacts report={report} />
      <ShotSection id="svc-answer-title" title="处理情况">
        <ShotOutcome report={report} />
      </ShotSection>
      <ShotHistory report={report} />
    </>
  );
}

function PhotoReportLoader({ reportId }: { reportId: number }) {
  const loaded = useLoaded(() => getPhotoReport(reportId, { skipErrorHandler: true }).then(dataOf), [reportId]);
  return (
    <DetailStates loaded={loaded} what="随手拍记录" back={BACK}>
      {(report) => <PhotoReport report={report} />}
    </DetailStates>
  );
}

/** /app/service/shot/:id: one of the villager's photo reports — photos, where, and what was done. */
export default function ShotDetailPage() {
  const user = useSignInGuard();
  const { id } = useParams<{ id: string }>();
  const reportId = Number(id);
  const valid = Number.isInteger(reportId) && reportId >= 1;
  return (
    <MobileLayout title="随手拍详情" back={BACK}>
      {user && valid ? <PhotoReportLoader key={reportId} reportId={reportId} /> : null}
      {user && !valid ? <NotFound what="随手拍记录" back={BACK} /> : null}
    </MobileLayout>
  );
}
