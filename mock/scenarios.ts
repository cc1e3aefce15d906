/**
 * Handler sets by page group: what a test file puts in front of the shared handlers
 * (mock/server.ts), made of the resource modules' handlers. The admin sets are added in a
 * beforeEach with `server.use(...set)` next to their records' reset; the phone's and the public
 * pages' come with a `use…Handlers()` that does both.
 */
import { appealAdminHandlers, appealCadreHandlers, appealSubmitterHandlers } from './appeals';
import { resetAppTaskDb } from './appTaskDb';
import { phoneSessionHandlers } from './auth';
import { introductionHandlers } from './introductions';
import { myAppealHandlers, myDispatchedAppealHandlers, myPhotoReportHandlers, myTaskHandlers, seedDispatchNotices } from './my';
import { newsHandlers } from './news';
import { noticeBellHandlers, opinionHandlers } from './opinions';
import { orgUnitHandlers } from './orgUnits';
import { peopleDb, resetDispatchDb, resetPeopleDb, seedMyRecords } from './peopleDb';
import { photoReportAdminHandlers, photoReportSubmitterHandlers } from './photoReports';
import { publicContentHandlers, resetPublicContentDb } from './publicContent';
import { publicTaskHandlers } from './publicTasks';
import { scoreHandlers } from './scores';
import { server } from './server';
import { submissionAdminHandlers, submitHandlers } from './submissions';
import { taskAdminHandlers } from './tasks';
import { contentUploadHandler, peopleUploadHandler, phoneUploadHandler, taskUploadHandler } from './uploads';

/** 任务管理 and 积分: tasks, submissions, scores (reset with `resetTaskDb`, mock/taskDb.ts). */
export const taskHandlers = [...taskAdminHandlers, ...submissionAdminHandlers, ...scoreHandlers, taskUploadHandler];

/** 新闻, 简介 and 组织架构 (reset with `resetContentDb`, mock/contentDb.ts). */
export const contentHandlers = [...newsHandlers, ...introductionHandlers, ...orgUnitHandlers, contentUploadHandler];

/** 便民服务: appeals, photo reports, opinions and the bell counted from them (reset with `resetPeopleDb`, mock/peopleDb.ts). */
export const peopleHandlers = [
  ...photoReportAdminHandlers,
  ...opinionHandlers,
  ...appealAdminHandlers,
  ...noticeBellHandlers,
  peopleUploadHandler,
];

/** The phone's task pages: the cadre's and the villager's session, the tasks, submitting, photos. */
const appTaskHandlers = [
  ...phoneSessionHandlers,
  ...publicTaskHandlers,
  ...myTaskHandlers,
  // The home's 转派诉求 tile counts the open ones.
  ...myDispatchedAppealHandlers,
  phoneUploadHandler,
  ...submitHandlers,
];

/** The phone's task pages for every test of the file, on fresh tasks. */
export function useAppTaskHandlers() {
  beforeEach(() => {
    resetAppTaskDb();
    server.use(...appTaskHandlers);
  });
}

/** The phone's 便民服务 pages (docs/product.md §15): the villager's appeals and photo reports, on fresh records with their own. */
export function useAppServiceHandlers() {
  beforeEach(() => {
    resetAppTaskDb();
    resetPeopleDb();
    seedMyRecords(peopleDb.now);
    server.use(
      ...appealSubmitterHandlers,
      ...photoReportSubmitterHandlers,
      ...myAppealHandlers,
      ...myPhotoReportHandlers,
      ...appTaskHandlers,
    );
  });
}

/** The phone's 转派到村 pages (ADR 0031): the cadre's handed-down appeals and the villager's notices of them. */
export function useDispatchHandlers() {
  beforeEach(() => {
    resetDispatchDb();
    seedDispatchNotices();
    server.use(...myDispatchedAppealHandlers, ...appealCadreHandlers);
  });
}

/** The public content pages for every test of the file, on fresh records. */
export function usePublicContentHandlers() {
  beforeEach(() => {
    resetPublicContentDb();
    server.use(...publicContentHandlers);
  });
}
