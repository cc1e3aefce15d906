import { type Arrival, arrive, bound, fromStored, keysToClose, successor, toStored, type WorkbenchTab } from './tabs';

const at = (key: string, rest: Partial<Arrival> = {}): Arrival => ({
  key,
  url: key,
  title: key.slice(1),
  intended: false,
  pop: false,
  now: 1,
  ...rest,
});

/** Opens the paths one after another through the menu. */
function openAll(paths: string[]): WorkbenchTab[] {
  let tabs: WorkbenchTab[] = [];
  let from: string | undefined;
  paths.forEach((key, i) => {
    tabs = arrive(tabs, at(key, { from, now: i + 1, intended: true }));
    from = key;
  });
  return tabs;
}

test('a new page opens a tab at the end; moving within it updates its address, not the page', () => {
  let tabs = openAll(['/a', '/b']);
  expect(tabs.map((t) => t.key)).toEqual(['/a', '/b']);
  tabs = arrive(tabs, at('/b', { url: '/b?current=2', from: '/b', now: 5 }));
  expect(tabs[1]).toMatchObject({ url: '/b?current=2', version: 0, kept: true, lastUsed: 5 });
});

test('back to a kept tab through the tab bar or back/forward shows it as it was; a link from elsewhere mounts it afresh', () => {
  let tabs = openAll(['/a', '/b']);
  tabs = arrive(tabs, at('/a', { url: '/a?x=1', from: '/a' }));
  tabs = arrive(tabs, at('/b', { from: '/a', intended: true }));
  // The tab bar asks for the address the tab was left at.
  expect(arrive(tabs, at('/a', { url: '/a?x=1', from: '/b', intended: true })).find((t) => t.key === '/a')?.version).toBe(0);
  // Back to that very address.
  expect(arrive(tabs, at('/a', { url: '/a?x=1', from: '/b', pop: true })).find((t) => t.key === '/a')?.version).toBe(0);
  // Back to an older address of that tab, or a link (a save moving on, a figure's drill-down).
  expect(arrive(tabs, at('/a', { url: '/a', from: '/b', pop: true })).find((t) => t.key === '/a')?.version).toBe(1);
  expect(arrive(tabs, at('/a', { url: '/a?status=draft', from: '/b' })).find((t) => t.key === '/a')).toMatchObject({
    version: 1,
    url: '/a?status=draft',
  });
});

test('no more than the bound stay mounted: the least recently used go, never the shown one or one with unsaved input', () => {
  let tabs = openAll(['/1', '/2', '/3', '/4']);
  tabs = tabs.map((t) => (t.key === '/1' ? { ...t, dirty: true } : t));
  tabs = bound(tabs, '/4', 2);
  expect(tabs.filter((t) => t.kept).map((t) => t.key)).toEqual(['/1', '/4']);
  expect(tabs).toHaveLength(4); // the tabs stay; only their pages are let go
  // A let-go tab comes back mounted, on its address, with the same version (it mounts anew anyway).
  const back = arrive(tabs, at('/2', { from: '/4', intended: true, now: 9 }), 2);
  expect(back.find((t) => t.key === '/2')).toMatchObject({ kept: true, version: 0 });
  expect(back.filter((t) => t.kept).map((t) => t.key)).toEqual(['/1', '/2']);
});

test('a finished page closes once the user is elsewhere; staying on it (a save that stays) keeps it', () => {
  let tabs = openAll(['/list', '/create']);
  tabs = tabs.map((t) => (t.key === '/create' ? { ...t, closeOnLeave: true } : t));
  expect(
    arrive(tabs, at('/create', { url: '/create?id=3', from: '/create' })).find((t) => t.key === '/create')?.closeOnLeave,
  ).toBeUndefined();
  expect(arrive(tabs, at('/list', { from: '/create' })).map((t) => t.key)).toEqual(['/list']);
});

test('closing: the scopes of the context menu, and which tab is shown next', () => {
  const tabs = openAll(['/a', '/b', '/c', '/d']);
  expect(keysToClose(tabs, '/b', 'this')).toEqual(['/b']);
  expect(keysToClose(tabs, '/b', 'others')).toEqual(['/a', '/c', '/d']);
  expect(keysToClose(tabs, '/b', 'left')).toEqual(['/a']);
  expect(keysToClose(tabs, '/b', 'right')).toEqual(['/c', '/d']);
  expect(successor(tabs, ['/b'], '/b')?.key).toBe('/c');
  expect(successor(tabs, ['/c', '/d'], '/d')?.key).toBe('/b');
  expect(successor(tabs, ['/a'], '/c')?.key).toBe('/c');
});

test('a reload keeps the tabs and their addresses, none mounted; anything odd in storage is dropped', () => {
  const tabs = openAll(['/a', '/b']).map((t) => (t.key === '/b' ? { ...t, url: '/b?current=3' } : t));
  const restored = fromStored(JSON.stringify(toStored(tabs)));
  expect(restored).toEqual([
    { key: '/a', url: '/a', title: 'a', version: 0, kept: false, lastUsed: 0 },
    { key: '/b', url: '/b?current=3', title: 'b', version: 0, kept: false, lastUsed: 0 },
  ]);
  expect(fromStored('not json')).toEqual([]);
  expect(fromStored(JSON.stringify([{ key: '/a', url: 'https://elsewhere.example/', title: 'x' }, { key: 3 }]))).toEqual([]);
});
