// Where each figure of /dashboard leads: the list behind it, with the filters that make its total
// the figure itself (ADR 0010 says what each figure counts). Each path is a deep link the list page
// reads from its URL, so a refresh or a shared link shows the same records.

export const drillDown = {
  /** 进行中: published (past-deadline ones still take reports). */
  activeTasks: () => '/taskManage/list?status=published',
  pendingSubmissions: () => '/taskManage/audit?status=pending',
  pendingAppeals: () => '/peopleService/appeal?status=pending',
  overdueAppeals: () => '/peopleService/appeal?status=overdue',
  /** 群众满意度: the appeals their submitters rated, whatever their state. */
  ratedAppeals: () => '/peopleService/appeal?rated=true',
  pendingPhotoReports: () => '/peopleService/shot?status=pending',
  /** 本月发布新闻: published within the month the server counted (its first and last day). */
  newsThisMonth: (month: { from: string; to: string }) => `/newsManage/list?status=published&from=${month.from}&to=${month.to}`,
  /** 用户: active accounts. */
  users: () => '/userManage/list?status=active',
  ranking: () => '/userManage/score',
  /** A category's bar: that category's tasks that went out (published or closed). */
  category: (category: number) => `/taskManage/list?category=${category}&status=issued`,
  /** A village's bar: the village's approved reports over every task (what completes its units). */
  area: (area: number) => `/taskManage/audit?area=${area}&status=approved`,
  /** A day of the trend: that day's appeals or photo reports (from and to are the same day). */
  appealsOn: (date: string) => `/peopleService/appeal?from=${date}&to=${date}`,
  photoReportsOn: (date: string) => `/peopleService/shot?from=${date}&to=${date}`,
  appeal: (id: number) => `/peopleService/appeal?id=${id}`,
  submission: (taskId: number) => `/taskManage/audit?taskId=${taskId}&status=approved`,
};

export type DrillTarget = keyof typeof drillDown;

/** The permission each destination needs; a figure the user cannot open is shown without a link. */
export const DRILL_ACCESS: Record<DrillTarget, 'taskManage' | 'peopleService' | 'newsManage' | 'userManage'> = {
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
  photoReportsOn: 'peopleService',
  appeal: 'peopleService',
  submission: 'taskManage',
};
