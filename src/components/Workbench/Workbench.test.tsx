import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { useLeaveConfirm } from '@/hooks/useLeaveConfirm';
import Workbench from '.';

/** A page with state of its own, its address on screen, and a link to the other page. */
function Page({ name, to }: { name: string; to: string }) {
  const [count, setCount] = useState(0);
  const [text, setText] = useState('');
  const [broken, setBroken] = useState(false);
  useLeaveConfirm(text !== '');
  if (broken) throw new Error('render failed');
  const { search } = useLocation();
  const navigate = useNavigate();
  return (
    <section aria-label={name}>
      <button type="button" onClick={() => setCount(count + 1)}>
        加一
      </button>
      <span>计数 {count}</span>
      <span>地址 {search || '（无）'}</span>
      <input aria-label="内容" value={text} onChange={(e) => setText(e.target.value)} />
      <button type="button" onClick={() => navigate(to)}>
        去另一页
      </button>
      <button type="button" onClick={() => setBroken(true)}>
        出错
      </button>
    </section>
  );
}

const TITLES: Record<string, string> = { '/a': '甲页', '/b': '乙页' };

function renderWorkbench() {
  sessionStorage.clear();
  return render(
    <App>
      <MemoryRouter initialEntries={['/a']}>
        <Routes>
          <Route element={<Workbench userId={7} titleOf={(path) => TITLES[path] ?? path} />}>
            <Route path="/a" element={<Page name="甲" to="/b?from=a" />} />
            <Route path="/b" element={<Page name="乙" to="/a" />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </App>,
  );
}

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });
const page = (name: string) => screen.getByRole('region', { name, hidden: true });

test('a page left for another keeps its state and its own address; a link from elsewhere opens it afresh', async () => {
  const user = userEvent.setup();
  renderWorkbench();
  await user.click(within(page('甲')).getByRole('button', { name: '加一' }));
  await user.click(within(page('甲')).getByRole('button', { name: '加一' }));
  await user.click(within(page('甲')).getByRole('button', { name: '去另一页' }));
  expect(tab('乙页')).toHaveAttribute('aria-selected', 'true');
  await user.click(within(page('乙')).getByRole('button', { name: '加一' }));

  await user.click(tab('甲页'));
  expect(within(page('甲')).getByText('计数 2')).toBeVisible();
  // The hidden page still sees its own address, not the shown one's.
  expect(within(page('乙')).getByText('地址 ?from=a')).not.toBeVisible();
  expect(within(page('乙')).getByText('计数 1')).not.toBeVisible();

  // 甲's link to 乙 opens it afresh (a list reached from elsewhere shows what is new).
  await user.click(within(page('甲')).getByRole('button', { name: '去另一页' }));
  expect(within(page('乙')).getByText('计数 0')).toBeVisible();
  expect(JSON.parse(sessionStorage.getItem('workbenchTabs:7') ?? '[]')).toEqual([
    { key: '/a', url: '/a', title: '甲页' },
    { key: '/b', url: '/b?from=a', title: '乙页' },
  ]);
});

test('a page that fails says so in its own tab; the tab bar stays and the other tabs still open', async () => {
  const user = userEvent.setup();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  renderWorkbench();
  await user.click(within(page('甲')).getByRole('button', { name: '去另一页' }));
  await user.click(tab('甲页'));
  await user.click(within(page('甲')).getByRole('button', { name: '出错' }));
  expect(screen.getByRole('alert')).toHaveTextContent('页面出错了');
  expect(screen.getByRole('button', { name: '重新加载' })).toBeVisible();
  expect(tab('甲页')).toHaveAttribute('aria-selected', 'true');
  await user.click(tab('乙页'));
  expect(within(page('乙')).getByRole('button', { name: '加一' })).toBeVisible();
  jest.restoreAllMocks();
});

test('unsaved input marks its tab and asks before the tab closes; the other tab is shown after', async () => {
  const user = userEvent.setup();
  renderWorkbench();
  await user.click(within(page('甲')).getByRole('button', { name: '去另一页' }));
  await user.type(within(page('乙')).getByLabelText('内容'), '草稿');
  expect(within(tab('乙页')).getByRole('img', { name: '有未保存的内容' })).toBeInTheDocument();

  // Switching tabs asks nothing: the input stays.
  await user.click(tab('甲页'));
  expect(screen.queryByText('离开此页面？')).not.toBeInTheDocument();
  await user.click(tab('乙页'));
  expect(within(page('乙')).getByLabelText('内容')).toHaveValue('草稿');

  const closeButtons = screen.getAllByRole('tab', { name: '关闭标签页' });
  await user.click(closeButtons[1]);
  expect(await screen.findByText('「乙页」填写的内容还没有保存，关闭后将丢失。')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: /关\s*闭/ }));
  expect(await screen.findByText('已关闭「乙页」')).toBeInTheDocument();
  expect(screen.queryByRole('tab', { name: /^乙页/ })).not.toBeInTheDocument();
  expect(tab('甲页')).toHaveAttribute('aria-selected', 'true');
});
