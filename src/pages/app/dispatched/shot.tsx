import { useParams } from '@umijs/max';
import { UserOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import type { PhotoReportDetail } from '@common/contracts/people';
import { isPhotoReportOpen } from '@common/workflow';
import MobileLayout from '@/components/MobileLayout';
import { dataOf, useLoaded } from '@/hooks/useLoaded';
import { useTaskRoleGuard } from '@/hooks/useTaskRoleGuard';
import { getPhotoReport } from '@/services/photoReports';
import { DetailStates, InfoLine, NotFound, type NotFoundText } from '../service/components/DetailStates';
import { ShotAnswer, ShotFacts, ShotHistory, ShotOutcome, ShotSection } from '../service/components/ShotSections';
import CadreShotActions from './components/CadreShotActions';
import '@/styles/phone.css';
import '../service/components/service.css';
import './index.css';

const BACK = '/app/dispatched?kind=shot';
const NOT_FOUND: NotFoundText = { description: '可能地址有误，或该随手拍已由镇里收回', backText: '返回转派随手拍' };

function Report({
  report,
  onChange,
  reload,
}: {
  report: PhotoReportDetail;
  onChange: (report: PhotoReportDetail) => void;
  reload: () => void;
}) {
  const open = isPhotoReportOpen(report.status);
  return (
    <>
      <ShotFacts report={report} extra={<InfoLine icon={<UserOutline aria-hidden />}>提交人 {report.submitterName}</InfoLine>} />
      {/* While open, the cadre's own steps; once answered, the answer and where the review stands. */}
      {open ? (
        <CadreShotActions key={report.status} report={report} onDone={onChange} onStale={reload} />
      ) : (
        <ShotSection id="svc-answer-title" title="处置情况">
          {report.status === 'reviewing' ? (
            <>
              <ShotOutcome report={report} />
              <ShotAnswer report={report} label="本村的回复" />
            </>
          ) : (
            <ShotOutcome report={report} />
          )}
        </ShotSection>
      )}
      <ShotHistory report={report} />
    </>
  );
}

function ReportLoader({ reportId }: { reportId: number }) {
  // After a step the server's answer stands in for the loaded copy until the next reload.
  const [updated, setUpdated] = useState<PhotoReportDetail>();
  const loaded = useLoaded(() => getPhotoReport(reportId, { skipErrorHandler: true }).then(dataOf), [reportId]);
  const reload = () => {
    setUpdated(undefined);
    loaded.reload();
  };
  return (
    <DetailStates loaded={loaded} what="随手拍" back={BACK} notFound={NOT_FOUND}>
      {(report) => <Report report={updated ?? report} onChange={setUpdated} reload={reload} />}
    </DetailStates>
  );
}

/** /app/dispatched/shot/:id: a photo report the town handed to the cadre's village — 受理, then the answer with photos. */
export default function DispatchedShotPage() {
  const user = useTaskRoleGuard();
  const { id } = useParams<{ id: string }>();
  const reportId = Number(id);
  const valid = Number.isInteger(reportId) && reportId >= 1;
  return (
    <MobileLayout title="随手拍处置" back={BACK}>
      {user && valid ? <ReportLoader key={reportId} reportId={reportId} /> : null}
      {user && !valid ? <NotFound what="随手拍" back={BACK} {...NOT_FOUND} /> : null}
    </MobileLayout>
  );
}
