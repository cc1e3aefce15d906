/**
 * Every route of the client, nested like the menu. `access` names a permission key checked by
 * src/access.ts; children of an inaccessible route are inaccessible too. `menuIcon` is mapped to an
 * icon inside the admin layout's own chunk, so the entry chunk carries no icon code.
 */
export default [
  // Redirects outside the admin layout: mounting it would start the header's calls before anyone signs in.
  { path: '/', layout: false, redirect: '/user/login' },
  { path: '/index.html', layout: false, redirect: '/user/login' },
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
  // Public pages: no sign-in, readable on a desktop, a wall screen and a phone.
  { path: '/entrance', layout: false, component: './entrance', title: '工作台' },
  { path: '/introductCenter', layout: false, component: './introductCenter', title: '中心介绍' },
  { path: '/introductList', layout: false, component: './introductList', title: '村情介绍' },
  { path: '/introductList/:area', layout: false, component: './introductList/detail', title: '村情介绍' },
  { path: '/orgShow', layout: false, component: './orgShow', title: '组织架构' },
  { path: '/digital', layout: false, component: './digital', title: '数字乡村' },
  // The wall display: a display key in the URL, or a signed-in holder of `screen` (the page says which).
  { path: '/screen', layout: false, component: './screen', title: '数据大屏' },
  // Phone pages (antd-mobile, no admin layout).
  { path: '/app', layout: false, redirect: '/app/index' },
  { path: '/app/index', layout: false, component: './app/index', title: '首页' },
  { path: '/app/newsList', layout: false, component: './app/newsList', title: '新闻动态' },
  { path: '/app/newsList/:id', layout: false, component: './app/newsList/detail', title: '新闻详情' },
  { path: '/app/introductList', layout: false, component: './app/introductList', title: '村情介绍' },
  { path: '/app/introductList/:area', layout: false, component: './app/introductList/detail', title: '村情介绍' },
  { path: '/app/taskList', layout: false, component: './app/taskList', title: '任务公开' },
  { path: '/app/taskList/:id', layout: false, component: './app/taskList/detail', title: '任务详情' },
  { path: '/app/mytask', layout: false, component: './app/mytask', title: '我的任务' },
  { path: '/app/mytask/:id', layout: false, component: './app/mytask/detail', title: '任务提交' },
  { path: '/app/dispatched', layout: false, component: './app/dispatched', title: '转派诉求' },
  { path: '/app/dispatched/:id', layout: false, component: './app/dispatched/detail', title: '诉求办理' },
  { path: '/app/dispatched/shot/:id', layout: false, component: './app/dispatched/shot', title: '随手拍处置' },
  { path: '/app/notices', layout: false, component: './app/notices', title: '我的消息' },
  // 便民服务: sign-in required (the pages send a visitor to /user/login with a redirect back).
  { path: '/app/service', layout: false, component: './app/service', title: '便民服务' },
  { path: '/app/service/appeal', layout: false, component: './app/service/appeal', title: '我要诉求' },
  { path: '/app/service/appeal/:id', layout: false, component: './app/service/appealDetail', title: '诉求详情' },
  { path: '/app/service/shot', layout: false, component: './app/service/shot', title: '随手拍' },
  { path: '/app/service/shot/:id', layout: false, component: './app/service/shotDetail', title: '随手拍详情' },
  { path: '/app/noauth', layout: false, component: './app/noauth', title: '没有权限' },
  { path: '/app/tip', layout: false, component: './app/tip', title: '提示' },
  {
    path: '/dashboard',
    name: '数据概览',
    menuIcon: 'dashboard',
    access: 'dashboard',
    // The group and its first page share a path (/dashboard stays the overview, docs/product.md §10):
    // a key of its own keeps the menu's submenu and item apart.
    key: 'dashboard-group',
    routes: [
      { path: '/dashboard', name: '数据概览', component: './dashboard', title: '数据概览' },
      { path: '/dashboard/report', name: '通报', component: './dashboard/report', title: '工作通报' },
    ],
  },
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
      { path: '/userManage/score', name: '积分统计', component: './userManage/score', title: '积分统计' },
    ],
  },
  {
    path: '/taskManage',
    name: '任务管理',
    menuIcon: 'task',
    access: 'taskManage',
    routes: [
      { path: '/taskManage', redirect: '/taskManage/list' },
      { path: '/taskManage/create', name: '发布任务', component: './taskManage/create', title: '发布任务' },
      { path: '/taskManage/list', name: '任务列表', component: './taskManage/list', title: '任务列表' },
      { path: '/taskManage/complete', name: '完成情况', component: './taskManage/complete', title: '完成情况' },
      { path: '/taskManage/audit', name: '任务审核', component: './taskManage/audit', title: '任务审核' },
    ],
  },
  {
    path: '/newsManage',
    name: '新闻管理',
    menuIcon: 'news',
    access: 'newsManage',
    routes: [
      { path: '/newsManage', redirect: '/newsManage/list' },
      { path: '/newsManage/create', name: '发布新闻', component: './newsManage/create', title: '发布新闻' },
      { path: '/newsManage/list', name: '新闻列表', component: './newsManage/list', title: '新闻列表' },
    ],
  },
  {
    path: '/introduction',
    name: '介绍管理',
    menuIcon: 'introduction',
    access: 'introduction',
    routes: [
      { path: '/introduction', redirect: '/introduction/center' },
      { path: '/introduction/center', name: '中心介绍', component: './introduction/center', title: '中心介绍' },
      { path: '/introduction/village', name: '村情介绍', component: './introduction/village', title: '村情介绍' },
    ],
  },
  {
    path: '/organization',
    name: '组织架构',
    menuIcon: 'organization',
    access: 'organization',
    routes: [
      { path: '/organization', redirect: '/organization/list' },
      { path: '/organization/list', name: '组织架构', component: './organization/list', title: '组织架构' },
      { path: '/organization/villages', name: '村（社区）', component: './organization/villages', title: '村（社区）' },
    ],
  },
  {
    path: '/peopleService',
    name: '群众服务',
    menuIcon: 'service',
    access: 'peopleService',
    routes: [
      { path: '/peopleService', redirect: '/peopleService/appeal' },
      { path: '/peopleService/appeal', name: '群众诉求', component: './peopleService/appeal', title: '群众诉求' },
      { path: '/peopleService/shot', name: '随手拍', component: './peopleService/shot', title: '随手拍' },
      { path: '/peopleService/opinion', name: '舆情监测', component: './peopleService/opinion', title: '舆情监测' },
    ],
  },
  {
    path: '/system',
    name: '系统设置',
    menuIcon: 'setting',
    access: 'canAdmin',
    routes: [
      { path: '/system', redirect: '/system/settings' },
      { path: '/system/settings', name: '平台设置', component: './system/settings', title: '平台设置' },
      { path: '/system/operation-logs', name: '操作日志', component: './system/operationLogs', title: '操作日志' },
      { path: '/system/login-logs', name: '登录日志', component: './system/loginLogs', title: '登录日志' },
    ],
  },
  { path: '*', layout: false, component: './404', title: '页面不存在' },
];
