import { history, useSearchParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Card, Col, Result, Row, Skeleton } from 'antd';
import { AREA_ID_MAX, AREA_MIN, TOWN_AREA_ID } from '@common/constants';
import PageContainer from '@/components/PageContainer';
import { queryVillageIntroductions } from '@/services/introductions';
import { apiErrorMessage } from '@/utils/apiError';
import AreaPicker from './components/AreaPicker';
import VillageForm from './components/VillageForm';

/** 村情介绍: the twelve areas' pages; the chosen area is in the URL (?area=N). */
export default function VillageIntroductionPage() {
  const [searchParams] = useSearchParams();
  const villages = useRequest(async () => (await queryVillageIntroductions({ skipErrorHandler: true })).data ?? []);
  // The list holds the areas the caller may change (all twelve, or their own: ADR 0007).
  const asked = Number(searchParams.get('area'));
  const fallback = villages.data?.find((v) => v.area === TOWN_AREA_ID)?.area ?? villages.data?.[0]?.area ?? TOWN_AREA_ID;
  const area = Number.isInteger(asked) && asked >= AREA_MIN && asked <= AREA_ID_MAX ? asked : fallback;
  const village = villages.data?.find((v) => v.area === area);

  let body: React.ReactNode;
  if (villages.error) {
    body = (
      <Card>
        <Result
          status="error"
          title="村情介绍加载失败"
          subTitle={apiErrorMessage(villages.error)}
          extra={<Button onClick={villages.refresh}>重试</Button>}
        />
      </Card>
    );
  } else if (!villages.data) {
    body = (
      <Card>
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  } else if (!villages.data.length) {
    body = (
      <Card>
        <Result
          status="info"
          title="没有可编辑的村（社区）"
          subTitle="您的账号没有关联村（社区），只能查看公开页面。如需编辑本村的村情介绍，请联系管理员设置所属区域。"
        />
      </Card>
    );
  } else {
    body = (
      <Row gutter={16}>
        <Col xs={24} lg={7} xxl={5}>
          <Card title="村（社区）" styles={{ body: { padding: 8 } }} style={{ marginBottom: 16 }}>
            <AreaPicker
              villages={villages.data}
              area={area}
              onPick={(next) => next !== area && history.push(`/introduction/village?area=${next}`)}
            />
          </Card>
        </Col>
        <Col xs={24} lg={17} xxl={19}>
          {village ? (
            <VillageForm
              key={village.area}
              village={village}
              onSaved={(saved) => villages.mutate((list) => list?.map((v) => (v.area === saved.area ? saved : v)))}
            />
          ) : (
            <Card>
              <Result status="403" title="不能编辑这个村（社区）" subTitle="您只能编辑本村（社区）的村情介绍，请在列表中选择。" />
            </Card>
          )}
        </Col>
      </Row>
    );
  }

  return (
    <PageContainer title="村情介绍" subTitle="各村（社区）的名称、基本数据和介绍，显示在公开页面和数字乡村">
      {body}
    </PageContainer>
  );
}
