/**
 * Every route of the client, nested like the menu. `access` names a permission key checked by
 * src/access.ts; children of an inaccessible route are inaccessible too. `menuIcon` is mapped to an
 * icon inside the admin layout's own chunk, so the entry chunk carries no icon code.
 */
export default [
  { path: '/', redirect: '/user/login' },
  { path: '/index.html', redirect: '/user/login' },
  {
    path: '/user',
    layout: false,
    routes: [
      { path: '/user', redirect: '/user/login' },
      { path: '/user/login', component: './user/login', title: '登录' },
      { path: '/user/register', component: './user/register', title: '注册' },
      { path: '/user/register-result', component: './user/register-result', title: '注册结果' },
      { path: '/user/*', component: './404', title: '页面不存在' },
    ],
  },
  { path: '/exception', layout: false, component: './exception', title: '出错了' },
  {
    path: '/userManage',
    name: '用户管理',
    menuIcon: 'team',
    access: 'userManage',
    routes: [
      { path: '/userManage', redirect: '/userManage/list' },
      { path: '/userManage/list', name: '用户列表', component: './userManage/list', title: '用户列表' },
      { path: '/userManage/group', name: '用户分组', component: './userManage/group', title: '用户分组' },
      { path: '/userManage/role', name: '角色管理', component: './userManage/role', title: '角色管理' },
    ],
  },
  { path: '*', layout: false, component: './404', title: '页面不存在' },
];
