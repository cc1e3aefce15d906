// Where each figure of /dashboard leads: the list behind it, with its filters set. Each path is a
// deep link the list page reads from its URL.

export const drillDown = {
  activeTasks: () => '/taskManage/list?status=published',
  pendingSubmissions: () => '/taskManage/audit',
  pendingAppeals: () => '/peopleService/appeal?status=pending',
  overdueAppeals: () => '/peopleService/appeal?status=overdue',
  ratedAppeals: () => '/peopleService/appeal?status=closed',
  pendingPhotoReports: () => '/peopleService/shot?status=pending',
  newsThisMonth: () => '/newsManage/list?status=published',
  users: () => '/userManage/list',
  ranking: () => '/userManage/score',
  /** A category's bar: that category's tasks. */
  category: (category: number) => `/taskManage/list?category=${category}`,
  /** An area's bar: the completion page with that area's people open. */
  area: (area: number) => `/taskManage/complete?area=${area}`,
  /** A day of the trend: that day's appeals (from and to are the same day). */
  appealsOn: (date: string) => `/peopleService/appeal?from=${date}&to=${date}`,
  appeal: (id: number) => `/peopleService/appeal?id=${id}`,
  submission: (taskId: number) => `/taskManage/audit?taskId=${taskId}&status=approved`,
};

/** The permission each destination needs; a figure the user cannot open is shown without a link. */
export const DRILL_ACCESS: Record<keyof typeof drillDown, 'taskManage' | 'peopleService' | 'newsManage' | 'userManage'> = {
  activeTasks: 'taskManage',
  pendingSubmissions: 'taskManage',
  pendingAppeals: 'peopleService',
  overdueAppeals: 'peopleService',
  ratedAppeals: 'peopleService',
  pendingPhotoReports: 'peopleService',
  newsThisMonth: 'newsManage',
  users: 'userManage',
  ranking: 'userManage',
  category: 'taskManage',
  area: 'taskManage',
  appealsOn: 'peopleService',
  appeal: 'peopleService',
  submission: 'taskManage',
};
