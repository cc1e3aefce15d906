import { parseNewsListSearch, toFilters, toNewsListSearch, toNewsQuery } from './newsListUrl';

test('a full state survives the URL both ways', () => {
  const search =
    '?title=%E9%98%B2%E7%81%AB&column=2&status=published&area=3&pinned=true&current=2&pageSize=20&sortField=views&sortOrder=descend';
  const state = parseNewsListSearch(search);
  expect(state).toEqual({
    filters: { title: '防火', column: 2, status: 'published', area: 3, pinned: 'true' },
    current: 2,
    pageSize: 20,
    sortField: 'views',
    sortOrder: 'descend',
  });
  expect(parseNewsListSearch(toNewsListSearch(state))).toEqual(state);
  expect(toNewsQuery(state)).toEqual({
    title: '防火',
    column: 2,
    status: 'published',
    area: 3,
    pinned: true,
    current: 2,
    pageSize: 20,
    sortField: 'views',
    sortOrder: 'descend',
  });
});

test('malformed values are dropped and defaults stay out of the URL', () => {
  const state = parseNewsListSearch('?column=9&status=deleted&area=0&pinned=yes&current=-1&pageSize=500&sortField=title&sortOrder=descend');
  expect(state).toEqual({ filters: {}, current: 1, pageSize: 10, sortField: undefined, sortOrder: undefined });
  expect(toNewsListSearch(state)).toBe('');
  expect(toNewsQuery(state)).toEqual({ current: 1, pageSize: 10 });
});

test('form values become filters: blanks dropped, numbers kept, pinned as text', () => {
  expect(toFilters({ title: '  ', column: 1, status: undefined, area: 12, pinned: 'false' })).toEqual({
    title: undefined,
    column: 1,
    status: undefined,
    area: 12,
    pinned: 'false',
  });
});
