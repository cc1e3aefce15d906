/** /introductList, /introductList/:area and /introductCenter inside the real app (public, desktop). */
import { screen, waitFor, within } from '@testing-library/react';
import { publicContentDb } from '@mock/publicContent';
import { usePublicContentHandlers } from '@mock/scenarios';
import { preloadApp, renderApp } from '@mock/renderApp';
import { useMockServer } from '@mock/server';

useMockServer();
usePublicContentHandlers();
beforeAll(preloadApp, 120_000);
beforeEach(() => sessionStorage.clear());

test('village cards show the cover, name, summary and key figures and open the village page', async () => {
  const app = renderApp('/introductList');
  const card = (await screen.findByRole('heading', { name: '第一村' }, { timeout: 30000 })).closest('a') as HTMLElement;
  expect(card).toHaveAttribute('href', '/introductList/2');
  expect(within(card).getByRole('img', { name: '第一村封面' })).toHaveAttribute('src', '/api/uploads/village-2.jpg');
  expect(within(card).getByText('第一村位于镇域西部，交通便利，特色产业发展良好。')).toBeInTheDocument();
  expect(within(card).getByText('人口').nextElementSibling).toHaveTextContent('1,300人');
  expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(12);
  // No cover, no figures: a drawn cover and a neutral note, never dashes.
  const blank = screen.getByRole('heading', { name: '第十一村' }).closest('a') as HTMLElement;
  expect(within(blank).getByText('暂无简介')).toBeInTheDocument();
  expect(within(blank).getByText('暂无统计数据')).toBeInTheDocument();
  expect(within(blank).queryByText('人口')).not.toBeInTheDocument();
  expect(blank).not.toHaveTextContent('—');

  await app.user.click(card);
  await waitFor(() => expect(app.location()).toBe('/introductList/2'));
  expect(await screen.findByRole('heading', { level: 1, name: '第一村' })).toBeInTheDocument();
  expect(screen.getByText('土地面积').nextElementSibling).toHaveTextContent('2,251亩');
  expect(screen.getByText('村支书2')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '0571-88000002' })).toHaveAttribute('href', 'tel:057188000002');
  expect(screen.getByText('特色种植').tagName).toBe('STRONG');
  await app.user.click(screen.getByRole('link', { name: /返回村情列表/ }));
  await waitFor(() => expect(app.location()).toBe('/introductList'));
});

test('a village with nothing filled in reads as a neutral empty page', async () => {
  const empty = renderApp('/introductList/12');
  expect(await screen.findByRole('heading', { level: 1, name: '第十一村' }, { timeout: 30000 })).toBeInTheDocument();
  const facts = screen.getByRole('heading', { name: '基本情况' }).parentElement as HTMLElement;
  expect(within(facts).getByText('暂无统计数据')).toBeInTheDocument();
  expect(facts).not.toHaveTextContent('—');
  expect(screen.getByText('暂无详细介绍')).toBeInTheDocument();
  empty.unmount();
  // Partly filled in: what is there, nothing for the rest.
  publicContentDb.villages[1] = { ...publicContentDb.villages[1], landArea: null, leader: '' };
  renderApp('/introductList/2');
  expect(await screen.findByRole('heading', { level: 1, name: '第一村' })).toBeInTheDocument();
  expect(screen.getByText('人口').nextElementSibling).toHaveTextContent('1,300人');
  expect(screen.queryByText('土地面积')).not.toBeInTheDocument();
  expect(screen.queryByText('负责人')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: '0571-88000002' })).toBeInTheDocument();
});

test('an unknown area says the page does not exist', async () => {
  renderApp('/introductList/13');
  expect(await screen.findByText('未找到该村（社区）的介绍', {}, { timeout: 30000 })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: '重新加载' })).not.toBeInTheDocument();
});

test('the centre introduction shows its rich text and pictures', async () => {
  renderApp('/introductCenter');
  expect(await screen.findByRole('heading', { level: 1, name: '某镇综合治理中心简介' }, { timeout: 30000 })).toBeInTheDocument();
  expect(screen.getByText('矛盾纠纷化解').tagName).toBe('STRONG');
  expect(screen.getByText('某镇综合治理中心 · 更新于 2024年5月20日')).toBeInTheDocument();
  expect(screen.getAllByRole('img', { name: /中心风采图片/ })).toHaveLength(2);
  // The public nav marks where we are.
  expect(screen.getByRole('link', { name: '中心介绍' })).toHaveAttribute('aria-current', 'page');
});

test('an empty centre introduction says so', async () => {
  publicContentDb.center = { title: '', content: '', images: [], updatedAt: null, updatedByName: null };
  renderApp('/introductCenter');
  expect(await screen.findByText('暂未发布中心介绍', {}, { timeout: 30000 })).toBeInTheDocument();
});
