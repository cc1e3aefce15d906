import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { ContentBoundary, ErrorBoundary, page } from '.';

function Broken(): JSX.Element {
  throw new Error('render failed');
}

/** A lazily loaded part whose chunk did not arrive, in webpack's words. */
function failedChunk() {
  const error = Object.assign(new Error('Loading chunk 123 failed.\n(error: http://localhost/123.async.js)'), { name: 'ChunkLoadError' });
  return lazy(() => Promise.reject(error));
}

let reload: jest.SpyInstance;

beforeEach(() => {
  // jsdom cannot reload: the boundary's reloads are counted instead.
  reload = jest.spyOn(page, 'reload').mockImplementation(() => undefined);
  sessionStorage.clear();
  // React reports every caught error on the console; the boundary's message is what is tested here.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test('a part that throws while rendering shows the message and 重新加载 instead of a blank page', async () => {
  render(
    <main>
      <h1>外框</h1>
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>
    </main>,
  );
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('页面出错了');
  expect(alert).toHaveTextContent('请重新加载');
  // The frame around the boundary stays.
  expect(screen.getByRole('heading', { name: '外框' })).toBeInTheDocument();
  expect(reload).not.toHaveBeenCalled();
  // Reached and pressed from the keyboard.
  await userEvent.tab();
  expect(screen.getByRole('button', { name: '重新加载' })).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  expect(reload).toHaveBeenCalledTimes(1);
});

test('a chunk that did not arrive reloads the page once by itself, then says so', async () => {
  const First = failedChunk();
  const { unmount } = render(
    <ErrorBoundary>
      <Suspense fallback="加载中">
        <First />
      </Suspense>
    </ErrorBoundary>,
  );
  expect(await screen.findByRole('alert')).toHaveTextContent('正在重新加载…');
  expect(reload).toHaveBeenCalledTimes(1);
  unmount();

  // The same page failing again right after that reload: the message, and no second reload.
  const Again = failedChunk();
  render(
    <ErrorBoundary>
      <Suspense fallback="加载中">
        <Again />
      </Suspense>
    </ErrorBoundary>,
  );
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('页面加载失败');
  expect(alert).toHaveTextContent('网络不稳定');
  expect(screen.getByRole('button', { name: '重新加载' })).toBeInTheDocument();
  expect(reload).toHaveBeenCalledTimes(1);
});

test('a content boundary starts over on another address, where the page may well work', async () => {
  function Go() {
    const navigate = useNavigate();
    return (
      <button type="button" onClick={() => navigate('/b')}>
        去乙页
      </button>
    );
  }
  render(
    <MemoryRouter initialEntries={['/a']}>
      <Go />
      <ContentBoundary>
        <Routes>
          <Route path="/a" element={<Broken />} />
          <Route path="/b" element={<p>乙页内容</p>} />
        </Routes>
      </ContentBoundary>
    </MemoryRouter>,
  );
  expect(screen.getByRole('alert')).toHaveTextContent('页面出错了');
  await act(() => userEvent.click(screen.getByRole('button', { name: '去乙页' })));
  expect(screen.getByText('乙页内容')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('a content boundary can keep a frame of its own around the message', () => {
  render(
    <MemoryRouter>
      <ContentBoundary frame={(message) => <nav aria-label="底部导航">{message}</nav>}>
        <Broken />
      </ContentBoundary>
    </MemoryRouter>,
  );
  expect(screen.getByRole('navigation', { name: '底部导航' })).toContainElement(screen.getByRole('alert'));
});
