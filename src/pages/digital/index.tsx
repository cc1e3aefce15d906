import { Link } from '@umijs/max';
import { Component, type ReactNode, Suspense, lazy } from 'react';
import type { VillageIntroduction } from '@common/contracts/content';
import PublicLayout from '@/components/PublicLayout';
import { PublicEmpty, PublicError, PublicLoading } from '@/components/PublicLayout/states';
import { dataOf, useLoaded } from '@/hooks/useLoaded';
import { queryVillageIntroductions } from '@/services/publicContent';
import { NO_FIGURES_TEXT, formatFigure, hasFigures, percentText, ratio, sumFigure } from '@/utils/villageFigures';
import './index.css';

// echarts is big: the chart arrives in its own chunk once the figures are there.
const VillageChart = lazy(() => import('./components/VillageChart'));

/** A chart that fails to load (a chunk error) leaves the table readable. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <p className="digital-chart-failed">图表加载失败，请刷新页面重试。</p> : this.props.children;
  }
}

function SummaryTiles({ villages }: { villages: VillageIntroduction[] }) {
  const tiles = [
    { label: '村（社区）', value: String(villages.length), unit: '个' },
    { label: '总人口', value: formatFigure(sumFigure(villages, 'population')), unit: '人' },
    { label: '总户数', value: formatFigure(sumFigure(villages, 'households')), unit: '户' },
    { label: '党员总数', value: formatFigure(sumFigure(villages, 'partyMembers')), unit: '人' },
    { label: '土地总面积', value: formatFigure(sumFigure(villages, 'landArea')), unit: '亩' },
  ];
  return (
    <dl className="digital-summary">
      {tiles.map((t) => (
        <div key={t.label} className="digital-summary-tile">
          <dt>{t.label}</dt>
          <dd>
            {t.value}
            {t.value !== '—' ? <small>{t.unit}</small> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The areas without figures, named once below the table instead of as rows of blanks. */
function MissingNote({ villages }: { villages: VillageIntroduction[] }) {
  if (!villages.length) return null;
  return (
    <p className="digital-note">
      {NO_FIGURES_TEXT}：{villages.map((v) => v.name).join('、')}
    </p>
  );
}

function FiguresTable({ villages }: { villages: VillageIntroduction[] }) {
  const population = sumFigure(villages, 'population');
  const households = sumFigure(villages, 'households');
  const partyMembers = sumFigure(villages, 'partyMembers');
  return (
    <div className="digital-table-wrap">
      <table className="digital-table">
        <caption className="digital-visually-hidden">各村（社区）基本数据</caption>
        <thead>
          <tr>
            <th scope="col" className="digital-col-index">
              序号
            </th>
            <th scope="col">村（社区）</th>
            <th scope="col" className="num">
              人口（人）
            </th>
            <th scope="col" className="num">
              户数（户）
            </th>
            <th scope="col" className="num">
              户均人口
            </th>
            <th scope="col" className="num">
              土地面积（亩）
            </th>
            <th scope="col" className="num">
              党员（人）
            </th>
            <th scope="col" className="num">
              党员占比
            </th>
            <th scope="col">负责人</th>
            <th scope="col">联系电话</th>
          </tr>
        </thead>
        <tbody>
          {villages.map((v, i) => (
            <tr key={v.area}>
              <td className="digital-col-index">{i + 1}</td>
              <th scope="row">
                <Link to={`/introductList/${v.area}`}>{v.name}</Link>
              </th>
              <td className="num">{formatFigure(v.population)}</td>
              <td className="num">{formatFigure(v.households)}</td>
              <td className="num">{formatFigure(ratio(v.population, v.households))}</td>
              <td className="num">{formatFigure(v.landArea)}</td>
              <td className="num">{formatFigure(v.partyMembers)}</td>
              <td className="num">{percentText(v.partyMembers, v.population)}</td>
              <td>{v.leader || '—'}</td>
              <td className="nowrap">{v.phone || '—'}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td className="digital-col-index" />
            <th scope="row">合计</th>
            <td className="num">{formatFigure(population)}</td>
            <td className="num">{formatFigure(households)}</td>
            <td className="num">{formatFigure(ratio(population, households))}</td>
            <td className="num">{formatFigure(sumFigure(villages, 'landArea'))}</td>
            <td className="num">{formatFigure(partyMembers)}</td>
            <td className="num">{percentText(partyMembers, population)}</td>
            <td />
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** /digital: 数字乡村 — every village's figures side by side, with a chart; readable on a wall screen. */
export default function DigitalVillagePage() {
  const villages = useLoaded(() => queryVillageIntroductions({ skipErrorHandler: true }).then(dataOf), []);
  const list = villages.status === 'ready' ? villages.data : [];
  // The chart and the table show the villages with figures; the others are named once below.
  const reported = list.filter(hasFigures);
  const missing = list.filter((v) => !hasFigures(v));

  return (
    <PublicLayout title="数字乡村" subtitle="全镇各村（社区）人口、户数、土地与党员数据一览" width="full">
      {villages.status === 'loading' ? <PublicLoading /> : null}
      {villages.status === 'error' ? <PublicError message={villages.message} onRetry={villages.reload} /> : null}
      {villages.status === 'ready' && reported.length === 0 ? (
        <div className="public-card">
          <PublicEmpty title={NO_FIGURES_TEXT} description="各村（社区）公布数据后将在这里展示。" />
        </div>
      ) : null}
      {reported.length > 0 ? (
        <div className="digital">
          <SummaryTiles villages={list} />
          <section className="public-card digital-chart" aria-labelledby="digital-chart-title">
            <h2 className="public-section-title" id="digital-chart-title">
              各村人口、户数与党员
            </h2>
            <ChartBoundary>
              <Suspense fallback={<div className="digital-chart-canvas digital-chart-loading">图表加载中…</div>}>
                <VillageChart villages={reported} />
              </Suspense>
            </ChartBoundary>
          </section>
          <section className="public-card digital-table-card" aria-labelledby="digital-table-title">
            <h2 className="public-section-title" id="digital-table-title">
              各村（社区）数据明细
            </h2>
            <FiguresTable villages={reported} />
            <MissingNote villages={missing} />
          </section>
        </div>
      ) : null}
    </PublicLayout>
  );
}
