import { render } from '@testing-library/react';
import { matchedRouteTitle, setPlatformTitle, setRouteTitle, usePageTitle } from './documentTitle';

function Page({ title }: { title?: string }) {
  usePageTitle(title);
  return null;
}

beforeEach(() => setPlatformTitle(undefined));

test("the route title, then the page's own once known, until the next route", () => {
  setRouteTitle('新闻详情');
  expect(document.title).toBe('新闻详情 - 乡村两级治理中心联动平台');
  const page = render(<Page />);
  expect(document.title).toBe('新闻详情 - 乡村两级治理中心联动平台');
  page.rerender(<Page title="第一村开展人居环境整治" />);
  expect(document.title).toBe('第一村开展人居环境整治 - 乡村两级治理中心联动平台');
  setRouteTitle('首页');
  expect(document.title).toBe('首页 - 乡村两级治理中心联动平台');
});

test('the platform part follows the 平台名称 setting', () => {
  setRouteTitle('登录');
  setPlatformTitle('青山镇治理平台');
  expect(document.title).toBe('登录 - 青山镇治理平台');
  setRouteTitle(undefined);
  expect(document.title).toBe('青山镇治理平台');
});

test('the deepest matched route with a title names the page', () => {
  const matches = [{ route: { path: '/user' } }, { route: { path: '/user/*', title: '页面不存在' } }];
  expect(matchedRouteTitle(matches)).toBe('页面不存在');
  expect(matchedRouteTitle(null)).toBeUndefined();
});
