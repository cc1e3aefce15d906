/** /app/introductList and /app/introductList/:area inside the real app (phone). */
import { screen, waitFor, within } from '@testing-library/react';
import { usePublicContentHandlers } from '@mock/scenarios';
import { preloadApp, renderApp } from '@mock/renderApp';
import { useMockServer } from '@mock/server';

useMockServer();
usePublicContentHandlers();
beforeAll(preloadApp, 120_000);
beforeEach(() => sessionStorage.clear());

test('village cards lead to the village page with its figures and introduction', async () => {
  const app = renderApp('/app/introductList');
  const card = (await screen.findByRole('heading', { name: '第二村' }, { timeout: 30000 })).closest('a') as HTMLElement;
  expect(card).toHaveAttribute('href', '/app/introductList/3');
  expect(within(card).getByText('1,450')).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(12);

  await app.user.click(card);
  await waitFor(() => expect(app.location()).toBe('/app/introductList/3'));
  expect(await screen.findByText('基本情况')).toBeInTheDocument();
  expect(screen.getByText('党员').nextElementSibling).toHaveTextContent('39人');
  expect(screen.getByRole('link', { name: '0571-88000003' })).toHaveAttribute('href', 'tel:057188000003');
  expect(screen.getByText('特色种植').closest('.rich-content')).not.toBeNull();
  // The NavBar names the village.
  expect(document.querySelector('.m-layout-nav-title')).toHaveTextContent('第二村');
});

test('a village with nothing filled in: a neutral note, no dashes', async () => {
  const list = renderApp('/app/introductList');
  const card = (await screen.findByRole('heading', { name: '第十一村' }, { timeout: 30000 })).closest('a') as HTMLElement;
  expect(within(card).getByText('暂无统计数据')).toBeInTheDocument();
  expect(card).not.toHaveTextContent('—');
  list.unmount();
  renderApp('/app/introductList/12');
  const facts = (await screen.findByRole('heading', { name: '基本情况' })).parentElement as HTMLElement;
  expect(within(facts).getByText('暂无统计数据')).toBeInTheDocument();
  expect(facts).not.toHaveTextContent('—');
});

test('an unknown area leads back to the list', async () => {
  const app = renderApp('/app/introductList/0');
  expect(await screen.findByText('未找到该村（社区）', {}, { timeout: 30000 })).toBeInTheDocument();
  await app.user.click(screen.getByText('查看全部村（社区）'));
  await waitFor(() => expect(app.location()).toBe('/app/introductList'));
});
