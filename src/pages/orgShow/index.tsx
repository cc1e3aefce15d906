import OrgChart from '@/components/OrgChart';
import { countUnits } from '@/components/OrgChart/orgTree';
import PublicLayout from '@/components/PublicLayout';
import { PublicEmpty, PublicError, PublicLoading } from '@/components/PublicLayout/states';
import { dataOf, useLoaded } from '@/hooks/useLoaded';
import { queryPublicOrgUnits } from '@/services/publicContent';
import './index.css';

/** /orgShow: the organisation chart, public; readable on the centre's wall screen and on a phone. */
export default function OrgShowPage() {
  const units = useLoaded(() => queryPublicOrgUnits({ skipErrorHandler: true }).then(dataOf), []);
  const total = units.status === 'ready' ? countUnits(units.data) : 0;

  return (
    <PublicLayout title="组织架构" subtitle={total ? `共 ${total} 个机构 · 点击机构查看负责人、联系电话与成员` : undefined} width="full">
      {units.status === 'loading' ? <PublicLoading /> : null}
      {units.status === 'error' ? <PublicError message={units.message} onRetry={units.reload} /> : null}
      {units.status === 'ready' && total === 0 ? (
        <div className="public-card">
          <PublicEmpty title="暂无组织架构" description="组织架构尚未录入，请稍后再来查看。" />
        </div>
      ) : null}
      {units.status === 'ready' && total > 0 ? (
        <div className="public-card org-show-card">
          <OrgChart units={units.data} />
        </div>
      ) : null}
    </PublicLayout>
  );
}
