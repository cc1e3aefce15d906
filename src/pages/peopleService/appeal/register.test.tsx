/**
 * 登记诉求 (窗口/电话/来信登记, ADR 0054) on 群众诉求 against the mock server: the form checks as it is
 * typed, links a villager's account found by phone, and keeps what was typed when the server refuses.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_TOKEN, villagerUser } from '@mock/fixtures';
import { admin, invalid } from '@mock/http';
import { setPagePath } from '@mock/location';
import { APPEALS, peopleDb, resetPeopleDb } from '@mock/peopleDb';
import { peopleHandlers } from '@mock/scenarios';
import { preloadApp, renderApp } from '@mock/renderApp';
import { callsTo, recordRequests, server, useMockServer } from '@mock/server';
import { button, dialog } from '@mock/testKit';

useMockServer();
beforeAll(preloadApp, 120_000);

beforeEach(() => {
  server.use(...peopleHandlers);
  resetPeopleDb();
  sessionStorage.setItem('token', ADMIN_TOKEN);
  setPagePath('/');
});

async function openForm() {
  const calls = recordRequests();
  const app = renderApp('/peopleService/appeal');
  await screen.findByText(APPEALS.pending, { selector: 'td *' }, { timeout: 30000 });
  await app.user.click(button('登记诉求'));
  const box = await dialog('登记诉求');
  return { ...app, calls, box };
}

async function pick(box: HTMLElement, user: ReturnType<typeof renderApp>['user'], label: string, option: string) {
  await user.click(within(box).getByRole('combobox', { name: label }));
  await user.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}

/** Long texts pasted: typing them key by key only makes the test slow. */
async function fill(user: ReturnType<typeof renderApp>['user'], field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

test('the form checks as it is typed; a villager found by phone is linked, and the new appeal opens', async () => {
  const { user, calls, box } = await openForm();

  const phone = within(box).getByLabelText('联系电话');
  await user.type(phone, '12a');
  expect(await within(box).findByText('请输入正确的联系电话')).toBeInTheDocument();
  const name = within(box).getByLabelText('群众姓名');
  await user.type(name, '张');
  await user.clear(name);
  expect(await within(box).findByText('请填写群众姓名')).toBeInTheDocument();
  await user.click(button('登记', box));
  expect(await within(box).findByText('请填写诉求标题')).toBeInTheDocument();
  expect(callsTo(calls, 'POST', '/appeals/register')).toHaveLength(0);

  await user.clear(phone);
  await fill(user, phone, villagerUser.phone);
  await waitFor(() => expect(within(box).queryByText('请输入正确的联系电话')).not.toBeInTheDocument());
  await user.click(button('按电话查找群众账号', box));
  // The one account with this number is linked, and its name fills the empty name.
  expect(await within(box).findByText(`${villagerUser.name}（${villagerUser.areaName}）`)).toBeInTheDocument();
  expect(name).toHaveValue(villagerUser.name);

  await user.click(within(box).getByRole('radio', { name: '电话' }));
  await pick(box, user, '所在村（社区）', '第二村');
  await pick(box, user, '诉求类别', '环境卫生');
  await fill(user, within(box).getByLabelText('诉求标题'), '河道有垃圾');
  await fill(user, within(box).getByLabelText('诉求内容'), '村东河道漂着很多垃圾，请清理。');
  await user.click(button('登记', box));

  expect(await screen.findByText('诉求已登记')).toBeInTheDocument();
  const sent = callsTo(calls, 'POST', '/appeals/register');
  expect(sent).toHaveLength(1);
  const body = JSON.parse(await sent[0].body);
  expect(body).toMatchObject({
    name: villagerUser.name,
    phone: villagerUser.phone,
    source: 'phone',
    area: 3,
    category: 2,
    title: '河道有垃圾',
    userId: villagerUser.id,
    imageIds: [],
  });
  const drawer = (await screen.findByRole('article', { name: '诉求详情' })).closest('.ant-drawer') as HTMLElement;
  expect(await within(drawer).findByText('河道有垃圾')).toBeInTheDocument();
  expect(within(drawer).getByText('电话登记', { selector: '.people-history-note' })).toBeInTheDocument();
  expect(within(drawer).getByText('登记人').closest('.ant-descriptions-item-label')?.nextElementSibling).toHaveTextContent(
    '系统管理员（电话登记）',
  );
  expect(peopleDb.appeals.find((a) => a.title === '河道有垃圾')?.submitterId).toBe(villagerUser.id);
}, 120_000);

test('a refusal by the server marks the field and keeps everything typed; the retry sends the same key', async () => {
  const { user, calls, box } = await openForm();
  let refuse = true;
  server.use(
    admin.post('/appeals/register', () =>
      refuse ? invalid([{ field: 'title', label: '诉求标题', message: '不能含有不可见字符' }]) : undefined,
    ),
  );

  await fill(user, within(box).getByLabelText('联系电话'), '0571-88880000');
  await user.type(within(box).getByLabelText('群众姓名'), '赵大娘');
  await pick(box, user, '所在村（社区）', '第二村');
  await pick(box, user, '诉求类别', '基础设施');
  await fill(user, within(box).getByLabelText('诉求标题'), '路灯不亮');
  await fill(user, within(box).getByLabelText('诉求内容'), '村口路灯不亮已经一周。');
  await user.click(button('登记', box));

  expect(await within(box).findByText('不能含有不可见字符')).toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: '登记诉求' })).toBeVisible();
  expect(within(box).getByLabelText('群众姓名')).toHaveValue('赵大娘');
  expect(within(box).getByLabelText('诉求内容')).toHaveValue('村口路灯不亮已经一周。');

  refuse = false;
  await user.click(button('登记', box));
  expect(await screen.findByText('诉求已登记')).toBeInTheDocument();
  const sent = callsTo(calls, 'POST', '/appeals/register');
  expect(sent).toHaveLength(2);
  const [first, second] = await Promise.all(sent.map(async (call) => JSON.parse(await call.body)));
  expect(second.clientKey).toBe(first.clientKey);
  expect(second).toMatchObject({ name: '赵大娘', source: 'window', phone: '0571-88880000' });
  expect(second.userId).toBeUndefined();
}, 120_000);
