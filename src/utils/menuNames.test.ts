import { PERMISSION_KEYS, PERMISSION_LABELS } from '@common/constants';
import routes from '../../config/routes';

// One name per thing: the role editor names each permission by PERMISSION_LABELS (GET /api/permissions),
// the menu names the group it opens by config/routes.ts. Renaming one without the other fails here.

interface Route {
  path?: string;
  name?: string;
  title?: string;
  access?: string;
  routes?: Route[];
}

/** The menu groups of config/routes.ts by their access key. */
const menuGroups = new Map((routes as Route[]).filter((r) => r.name && r.access).map((r) => [r.access!, r.name!]));

describe('permission labels and menu names', () => {
  it.each(PERMISSION_KEYS.filter((key) => menuGroups.has(key)))('%s: the role editor says what the menu says', (key) => {
    expect(PERMISSION_LABELS[key]).toBe(menuGroups.get(key));
  });

  it('the one key without a menu group, 数据大屏, is named as its page is titled', () => {
    expect(PERMISSION_KEYS.filter((key) => !menuGroups.has(key))).toEqual(['screen']);
    const screen = (routes as Route[]).find((r) => r.path === '/screen');
    expect(PERMISSION_LABELS.screen).toBe(screen?.title);
  });

  it('every keyed menu group is a permission the role editor offers', () => {
    const keys: string[] = [...PERMISSION_KEYS];
    // canAdmin (系统设置) is the administrator's alone, never granted by a role (src/utils/routeAccess.ts).
    expect([...menuGroups.keys()].filter((key) => !keys.includes(key))).toEqual(['canAdmin']);
  });
});
