/** /orgShow inside the real app: the chart drawn from the tree, unit details, empty and error states. */
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { api, apiError } from '@mock/http';
import { publicContentDb } from '@mock/publicContent';
import { usePublicContentHandlers } from '@mock/scenarios';
import { preloadApp, renderApp } from '@mock/renderApp';
import { server, useMockServer } from '@mock/server';

useMockServer();
usePublicContentHandlers();
beforeAll(preloadApp, 120_000);
beforeEach(() => sessionStorage.clear());

const box = (name: string) => screen.getByText(name, { selector: '.org-box-name' }).closest('button') as HTMLElement;
/** The names of a unit's children as drawn: the boxes of the list right under its box. */
const childrenOf = (name: string) =>
  Array.from(box(name).parentElement!.querySelectorAll(':scope > ul > li > .org-box .org-box-name'), (n) => n.textContent);

test('the chart draws every unit under its parent, with leader, position and phone in the box', async () => {
  renderApp('/orgShow');
  expect(await screen.findByText('共 6 个机构 · 点击机构查看负责人、联系电话与成员', {}, { timeout: 30000 })).toBeInTheDocument();
  const root = box('镇综合治理中心');
  expect(within(root).getByText('主任 王建国')).toBeInTheDocument();
  expect(within(root).getByText('电话 0571-88001111')).toBeInTheDocument();
  expect(within(root).getByText('成员：李明、赵丽、孙强')).toBeInTheDocument();
  expect(childrenOf('镇综合治理中心')).toEqual(['综治办公室', '党建办公室', '应急管理办公室']);
  expect(childrenOf('综治办公室')).toEqual(['网格管理组', '矛盾调解组']);
  expect(childrenOf('党建办公室')).toEqual([]);
  // Leaves below the top level hang as a list under their parent (keeps the chart narrow).
  expect(box('综治办公室').parentElement!.querySelector(':scope > ul')).toHaveClass('org-stack');
  expect(root.parentElement!.querySelector(':scope > ul')).not.toHaveClass('org-stack');
});

test('clicking a unit shows its details and members; Escape closes them', async () => {
  const app = renderApp('/orgShow');
  await screen.findByText('网格管理组', {}, { timeout: 30000 });
  await app.user.click(box('网格管理组'));
  const dialog = screen.getByRole('dialog', { name: '网格管理组' });
  expect(within(dialog).getByText('周敏')).toBeInTheDocument();
  expect(within(dialog).getByText('组长')).toBeInTheDocument();
  expect(within(dialog).getByText('综治办公室')).toBeInTheDocument();
  expect(within(dialog).getByText('成员（2人）')).toBeInTheDocument();
  expect(
    within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['网格员甲', '网格员乙']);
  await app.user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  await app.user.click(box('应急管理办公室'));
  const other = screen.getByRole('dialog', { name: '应急管理办公室' });
  expect(within(other).getByRole('link', { name: '0571-88002222' })).toHaveAttribute('href', 'tel:057188002222');
  expect(within(other).getByText('暂无成员信息')).toBeInTheDocument();
  await app.user.click(within(other).getByRole('button', { name: '关闭' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('names are shown as text, never as markup', async () => {
  publicContentDb.orgUnits[0].name = '<b onmouseover=alert(1)>镇中心</b>';
  renderApp('/orgShow');
  expect(await screen.findByText('<b onmouseover=alert(1)>镇中心</b>', {}, { timeout: 30000 })).toBeInTheDocument();
  expect(document.querySelector('.org-chart b')).toBeNull();
});

test('no units yet: the page says so', async () => {
  publicContentDb.orgUnits = [];
  renderApp('/orgShow');
  expect(await screen.findByText('暂无组织架构', {}, { timeout: 30000 })).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: '组织架构图' })).not.toBeInTheDocument();
});

test('a failed load offers a retry', async () => {
  let fail = true;
  server.use(http.get(api('/public/org-units'), () => (fail ? apiError(503, '服务不可用') : undefined)));
  const app = renderApp('/orgShow');
  expect(await screen.findByText('服务不可用', {}, { timeout: 30000 })).toBeInTheDocument();
  fail = false;
  await app.user.click(screen.getByRole('button', { name: '重新加载' }));
  await waitFor(() => expect(screen.getByRole('list', { name: '组织架构图' })).toBeInTheDocument());
});
