import { loadChunksWithOwnTags } from './chunkLoading';

type Loader = (url: string, done: (event?: Event) => void, key?: string, chunkId?: string | number) => void;
const runtime = globalThis as unknown as { __webpack_require__?: { l: Loader } };

function script(attrs: Record<string, string>) {
  const element = document.createElement('script');
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
  document.head.appendChild(element);
  return element;
}

afterEach(() => {
  delete runtime.__webpack_require__;
  document.head.innerHTML = '';
});

test("a chunk webpack asks for is loaded by a tag of its own, not by the route preload's tag, whose failure may have passed", () => {
  const load = jest.fn<void, Parameters<Loader>>();
  runtime.__webpack_require__ = { l: load };
  loadChunksWithOwnTags();
  // What Umi's preload_helper.js left in the head for the page opened.
  const preloaded = script({ src: '/p__a.1234.async.js', 'data-webpack': 'app:chunk-7' });
  const byKey = script({ src: '/elsewhere/p__b.5678.async.js', 'data-webpack': 'app:chunk-8' });
  const other = script({ src: '/p__c.9999.async.js', 'data-webpack': 'app:chunk-9' });
  const done = jest.fn();

  runtime.__webpack_require__!.l('/p__a.1234.async.js', done, 'chunk-7', 7);
  runtime.__webpack_require__!.l('/p__b.5678.async.js', done, 'chunk-8', 8);

  expect(preloaded.isConnected).toBe(false);
  expect(byKey.isConnected).toBe(false);
  expect(other.isConnected).toBe(true);
  expect(load.mock.calls).toEqual([
    ['/p__a.1234.async.js', done, 'chunk-7', 7],
    ['/p__b.5678.async.js', done, 'chunk-8', 8],
  ]);
});

test("webpack's own tag for a load under way stays: its events are the ones awaited", () => {
  const load = jest.fn();
  runtime.__webpack_require__ = { l: load };
  loadChunksWithOwnTags();
  const own = script({ src: '/p__a.1234.async.js', 'data-webpack': 'app:chunk-7' });
  own.onerror = () => undefined;
  runtime.__webpack_require__!.l('/p__a.1234.async.js', jest.fn(), 'chunk-7', 7);
  expect(own.isConnected).toBe(true);
  expect(load).toHaveBeenCalledTimes(1);
});

test('without webpack (tests, tools) nothing is changed', () => {
  expect(() => loadChunksWithOwnTags()).not.toThrow();
});
