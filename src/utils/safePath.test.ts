import { safeAppPath } from './safePath';

test('same-site paths are kept as they are', () => {
  for (const path of ['/app/mytask', '/app/mytask?state=pending', '/app/taskList/3#top', '/']) {
    expect(safeAppPath(path)).toBe(path);
  }
});

test('anything that could leave the site or run script is refused', () => {
  for (const path of [
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    ' /app/mytask',
    '/app/my task',
    '/app\n/x',
    'app/mytask',
    '',
    null,
    undefined,
    `/${'a'.repeat(600)}`,
  ]) {
    expect(safeAppPath(path)).toBeUndefined();
  }
});
