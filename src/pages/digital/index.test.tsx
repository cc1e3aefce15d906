/** /digital inside the real app: every village's figures side by side, totals, states. */
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { api, apiError } from '@mock/http';
import { publicContentDb } from '@mock/publicContent';
import { usePublicContentHandlers } from '@mock/scenarios';
import { preloadApp, renderApp } from '@mock/renderApp';
import { server, useMockServer } from '@mock/server';

// echarts ships as ES modules, which jest here does not load: the chart is drawn in the screenshots.
jest.mock('./components/VillageChart', () => ({
  __esModule: true,
  default: ({ villages }: { villages: Array<{ name: string }> }) => <div data-testid="village-chart">{villages.length} 个村（社区）</div>,
}));

useMockServer();
usePublicContentHandlers();
beforeAll(preloadApp, 120_000);
beforeEach(() => sessionStorage.clear());

const cells = (row: HTMLElement) => Array.from(row.querySelectorAll('th, td'), (c) => c.textContent);

test('the table lists every area with figures, with ratios and totals; the others are named below', async () => {
  renderApp('/digital');
  const table = await screen.findByRole('table', { name: '各村（社区）基本数据' }, { timeout: 30000 });
  const rows = within(table).getAllByRole('row');
  // Header, the 11 areas with figures, total.
  expect(rows).toHaveLength(13);
  expect(cells(rows[1])).toEqual(['1', '镇社区', '1,150', '340', '3.4', '2,125.5', '33', '2.9%', '村支书1', '0571-88000001']);
  expect(cells(rows[2])).toEqual(['2', '第一村', '1,300', '380', '3.4', '2,251', '36', '2.8%', '村支书2', '0571-88000002']);
  // An area without figures is no row of dashes: it is named once, and the totals leave it out.
  expect(within(table).queryByText('第十一村')).not.toBeInTheDocument();
  expect(screen.getByText('暂无统计数据：第十一村')).toBeInTheDocument();
  expect(cells(rows[12])).toEqual(['', '合计', '20,900', '5,940', '3.5', '30,283', '528', '2.5%', '', '']);
  expect(within(rows[2]).getByRole('link', { name: '第一村' })).toHaveAttribute('href', '/introductList/2');
  // The chart arrives on demand with the same figures.
  expect(await screen.findByTestId('village-chart')).toHaveTextContent('11 个村（社区）');
});

test('summary figures for the whole town', async () => {
  renderApp('/digital');
  await screen.findByRole('table', {}, { timeout: 30000 });
  const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement as HTMLElement;
  expect(tile('村（社区）')).toHaveTextContent('12个');
  expect(tile('总人口')).toHaveTextContent('20,900人');
  expect(tile('党员总数')).toHaveTextContent('528人');
  expect(tile('土地总面积')).toHaveTextContent('30,283亩');
});

test('no figures anywhere: an empty state instead of an empty table', async () => {
  publicContentDb.villages = [];
  renderApp('/digital');
  expect(await screen.findByText('暂无统计数据', {}, { timeout: 30000 })).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('villages without figures only: the same empty state, no dashes', async () => {
  publicContentDb.villages = publicContentDb.villages.map((v) => ({
    ...v,
    population: null,
    households: null,
    landArea: null,
    partyMembers: null,
  }));
  renderApp('/digital');
  expect(await screen.findByText('暂无统计数据', {}, { timeout: 30000 })).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  expect(document.body).not.toHaveTextContent('—');
});

test('a failed load offers a retry', async () => {
  let fail = true;
  server.use(http.get(api('/public/introductions/villages'), () => (fail ? apiError(500, '服务器内部错误') : undefined)));
  const app = renderApp('/digital');
  expect(await screen.findByText('服务器内部错误', {}, { timeout: 30000 })).toBeInTheDocument();
  fail = false;
  await app.user.click(screen.getByRole('button', { name: '重新加载' }));
  expect(await screen.findByRole('table')).toBeInTheDocument();
});
