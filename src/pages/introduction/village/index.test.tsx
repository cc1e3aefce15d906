/**
 * 村情介绍 inside the real app against the mock server (mock/contentDb.ts): the area in the URL,
 * switching areas (and the question when the form has changes), figures and phone checks, and a
 * save that renames the area.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { history } from '@umijs/max';
import { contentDb, resetContentDb } from '@mock/contentDb';
import { contentHandlers } from '@mock/scenarios';
import { ADMIN_TOKEN } from '@mock/fixtures';
import { setPagePath } from '@mock/location';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';
import { button } from '@mock/testKit';

useMockServer();
beforeAll(preloadApp, 120_000);

beforeEach(() => {
  server.use(...contentHandlers);
  resetContentDb();
  sessionStorage.setItem('token', ADMIN_TOKEN);
  setPagePath('/');
});

const areaList = () => screen.getByRole('navigation', { name: '村（社区）列表' });
const areaItem = (name: string) => within(areaList()).getByText(name).closest('button') as HTMLElement;
const nameInput = () => screen.getByPlaceholderText('例如：李家村');

/** The editor has finished creating itself (its toolbar registers its buttons a moment later). */
const editorReady = () => waitFor(() => expect(document.querySelectorAll('.w-e-bar-item').length).toBeGreaterThan(0), { timeout: 20000 });

async function openPage(path: string, name: string) {
  const calls = recordRequests();
  const app = renderApp(path);
  await screen.findByDisplayValue(name, {}, { timeout: 30000 });
  await editorReady();
  return { ...app, calls };
}

test('the area comes from the URL; picking another changes the URL and the form; back returns', async () => {
  const { user, location } = await openPage('/introduction/village?area=2', '第一村');

  expect(screen.getByDisplayValue('1860')).toBeInTheDocument();
  expect(screen.getByDisplayValue('3200.5')).toBeInTheDocument();
  expect(screen.getByDisplayValue('王建国')).toBeInTheDocument();
  expect(screen.getByAltText('封面图')).toHaveAttribute('src', '/api/uploads/content-700.jpg');
  expect(within(areaItem('第一村')).getByText('资料完整')).toBeInTheDocument();
  expect(within(areaItem('第三村')).getByText('未填写')).toBeInTheDocument();
  expect(screen.getByText('查看公开页面').closest('a')).toHaveAttribute('href', '/introductList/2');

  await user.click(within(areaList()).getByText('第三村'));
  await waitFor(() => expect(location()).toBe('/introduction/village?area=4'));
  await waitFor(() => expect(nameInput()).toHaveValue('第三村'));
  await editorReady();
  expect(screen.queryByDisplayValue('1860')).not.toBeInTheDocument();
  expect(screen.getByText('查看公开页面').closest('a')).toHaveAttribute('href', '/introductList/4');

  act(() => history.back());
  await waitFor(() => expect(nameInput()).toHaveValue('第一村'));
  await editorReady();
});

test('without an area in the URL the town community opens', async () => {
  await openPage('/introduction/village', '镇社区');
  expect(areaItem('镇社区')).toHaveAttribute('aria-current', 'true');
});

test('switching areas with unsaved changes asks first', async () => {
  const { user, location } = await openPage('/introduction/village?area=2', '第一村');

  await user.type(screen.getByPlaceholderText('例如：村党支部书记 王建国'), '（书记）');
  await user.click(within(areaList()).getByText('第二村'));
  const [heading] = await screen.findAllByText('离开此页面？');
  const question = heading.closest('.ant-modal') as HTMLElement;
  expect(location()).toBe('/introduction/village?area=2');

  await user.click(button('留在此页', question));
  await waitFor(() => expect(screen.queryByText('离开此页面？')).not.toBeInTheDocument());
  expect(screen.getByDisplayValue('王建国（书记）')).toBeInTheDocument();
  expect(location()).toBe('/introduction/village?area=2');
});

test('saving checks the phone, sends the figures and renames the area in the list', async () => {
  const { user, calls } = await openPage('/introduction/village?area=3', '第二村');

  await user.clear(nameInput());
  await user.type(nameInput(), '李家村');
  const phone = screen.getByPlaceholderText('座机或手机号码');
  await user.type(phone, 'abc');
  expect(await screen.findByText('请输入正确的电话号码，如 0571-88881234 或 13800000000')).toBeInTheDocument();
  await user.clear(phone);
  await user.type(phone, '0571-88881234');
  const [population, , landArea] = screen.getAllByPlaceholderText('未填写');
  await user.type(population, '2100');
  await user.type(landArea, '1500.5');
  await user.click(button('保存第二村'));

  expect(await screen.findByText('已保存：李家村')).toBeInTheDocument();
  const body = JSON.parse(await callsTo(calls, 'PUT', '/introductions/villages/3')[0].body);
  expect(body).toEqual({
    name: '李家村',
    content: '',
    coverId: null,
    population: 2100,
    households: null,
    landArea: 1500.5,
    partyMembers: null,
    leader: '',
    phone: '0571-88881234',
  });
  await waitFor(() => expect(within(areaList()).getByText('李家村')).toBeInTheDocument());
  expect(within(areaItem('李家村')).getByText('待完善 3/8')).toBeInTheDocument();
  expect(contentDb.villages[2].name).toBe('李家村');
});
