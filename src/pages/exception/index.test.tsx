/**
 * The exception page (docs/product.md §14: errorCode and errorMessage in the query), rendered in the
 * whole app: each status with its own heading and advice, the answer's message when the link carries
 * one.
 */
import { screen } from '@testing-library/react';
import { preloadApp, renderApp } from '@mock/renderApp';
import { useMockServer } from '@mock/server';
import { STATUS_WORDS } from './statusWords';

useMockServer();
beforeAll(preloadApp, 120_000);

const heading = (title: string) => screen.findByText(title, {}, { timeout: 30000 });

test.each([
  ['403', '没有访问权限', '抱歉，您的账号没有执行此操作或查看此内容的权限。'],
  ['404', '内容不存在', '抱歉，您要找的内容不存在，可能已被删除或链接有误。'],
  ['500', '服务器出错了', '服务器处理请求时发生了内部错误。'],
  ['503', '服务暂时不可用', '服务器正在维护，或暂时无法连接数据库。'],
  ['429', '操作过于频繁', '短时间内的请求太多，系统暂时拒绝了新的请求。'],
])('%s has its own words, not the generic retry', async (code, title, text) => {
  renderApp(`/exception?errorCode=${code}`);
  expect(await heading(title)).toBeInTheDocument();
  expect(screen.getByText(text)).toBeInTheDocument();
  expect(screen.getByText(STATUS_WORDS[Number(code)].advice)).toBeInTheDocument();
  expect(screen.getByText(`错误码：${code}`)).toBeInTheDocument();
  expect(screen.queryByText('请求错误，请重试')).not.toBeInTheDocument();
});

test('no two statuses share a heading or a text', () => {
  const words = Object.values(STATUS_WORDS);
  expect(new Set(words.map((w) => w.title)).size).toBe(words.length);
  expect(new Set(words.map((w) => w.text)).size).toBe(words.length);
});

test("the answer's own message says what happened; the status still says what to do", async () => {
  const query = new URLSearchParams({ errorCode: '403', errorMessage: '拒绝访问：您的账号没有管理后台的权限' });
  renderApp(`/exception?${query}`);
  expect(await heading('没有访问权限')).toBeInTheDocument();
  expect(screen.getByText('拒绝访问：您的账号没有管理后台的权限')).toBeInTheDocument();
  expect(screen.getByText(STATUS_WORDS[403].advice)).toBeInTheDocument();
  expect(screen.queryByText(STATUS_WORDS[403].text)).not.toBeInTheDocument();
  // Signing in with another account is one way out of a refusal.
  expect(screen.getByText('重新登录')).toBeInTheDocument();
});

test('a business code of its own, or none, gets the generic words', async () => {
  renderApp(`/exception?${new URLSearchParams({ errorCode: '4001', errorMessage: '任务已截止' })}`);
  expect(await heading('出错了')).toBeInTheDocument();
  expect(screen.getByText('任务已截止')).toBeInTheDocument();
  expect(screen.getByText('错误码：4001')).toBeInTheDocument();
});

test('without a code the page still reads as a deliberate error', async () => {
  renderApp('/exception');
  expect(await heading('出错了')).toBeInTheDocument();
  expect(screen.getByText('请求错误，请重试')).toBeInTheDocument();
  expect(screen.queryByText(/错误码/)).not.toBeInTheDocument();
  expect(screen.queryByText('重新登录')).not.toBeInTheDocument();
});
