/**
 * msw handlers for people services (issue 5): appeals, photo reports, public opinion with watch
 * keywords, and the notice bell, with the shapes of common/contracts/people.ts. Add them per test
 * file with `server.use(...peopleHandlers)` in a beforeEach and call `resetPeopleDb()` there too.
 * Times are relative to when the db is reset, so 超期 and 剩余 read the same on any day.
 */
import { http, HttpResponse } from 'msw';
import { APPEAL_DISPATCH_STATES, PAGE_SIZE_DEFAULT, PEOPLE_MESSAGES, type AppealStatus } from '@common/constants';
import type { FieldError } from '@common/contracts/base';
import type {
  AppealCounts,
  AppealDetail,
  AppealItem,
  HistoryAction,
  HistoryEvent,
  NoticeGroup,
  Notices,
  OpinionBody,
  OpinionItem,
  OpinionKeyword,
  OpinionTrendDay,
  PhotoReportDetail,
  PhotoReportItem,
} from '@common/contracts/people';
import type { ImageRef } from '@common/contracts/tasks';
import { ADMIN_TOKEN, adminUser, areaName } from './fixtures';
import { api, apiError, exportHandler, ok, okEmpty } from './handlers';
import { duplicateOf, oldPhoto, photoCheck } from './photoChecks';

const signedIn = (request: Request) => request.headers.get('authorization') === ADMIN_TOKEN;
const unauthorized = () => apiError(401, '未授权或授权已过期，请重新登录');

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** What the server answers when a step is refused (shared with the server; tests assert these words). */
export { PEOPLE_MESSAGES };

export const peopleImage = (id: number): ImageRef => ({ id, url: `/api/uploads/people-${id}.jpg`, width: 1280, height: 960 });

const STAFF = { id: 2, name: '张三' };

interface Step {
  action: HistoryAction;
  /** Time of the step, ms before the reset. */
  ago: number;
  actor?: { id: number; name: string } | null;
  note?: string;
}

let eventId = 1;
function history(submitter: { id: number; name: string }, steps: Step[], base: number): HistoryEvent[] {
  return steps.map((step) => {
    const actor = step.actor === undefined ? submitter : step.actor;
    return {
      id: eventId++,
      action: step.action,
      actorId: actor?.id ?? null,
      actorName: actor?.name ?? '系统',
      note: step.note ?? '',
      createdAt: new Date(base - step.ago).toISOString(),
    };
  });
}

export interface AppealSeed {
  id: number;
  title: string;
  content: string;
  category: number;
  area: number;
  submitter: { id: number; name: string; phone: string };
  status: AppealStatus;
  /** Submitted this long ago. */
  age: number;
  /** Due this long after submission (3 working days ≈ 3–5 days). */
  dueAfter?: number;
  images?: number;
  reply?: string;
  rejectReason?: string;
  satisfaction?: number;
  satisfactionComment?: string;
}

export function appeal(seed: AppealSeed, now: number): AppealDetail {
  const created = now - seed.age;
  const due = created + (seed.dueAfter ?? 3 * DAY);
  const at = (fraction: number) => created + (now - created) * fraction;
  const iso = (t: number) => new Date(t).toISOString();
  const accepted = seed.status !== 'pending' && !(seed.status === 'rejected' && !seed.reply) ? at(0.2) : null;
  const handled = seed.status !== 'pending';
  const replied = seed.reply ? at(0.5) : null;
  const closed = seed.status === 'closed' ? at(0.8) : null;
  const rejected = seed.status === 'rejected' ? at(0.3) : null;
  const rated = seed.satisfaction ? at(0.75) : null;
  const submitter = { id: seed.submitter.id, name: seed.submitter.name };
  const steps: Step[] = [{ action: 'submit', ago: now - created }];
  if (accepted) steps.push({ action: 'accept', ago: now - accepted, actor: STAFF });
  if (rejected) steps.push({ action: 'reject', ago: now - rejected, actor: STAFF, note: seed.rejectReason });
  if (replied) steps.push({ action: 'reply', ago: now - replied, actor: STAFF, note: seed.reply });
  if (rated) steps.push({ action: 'rate', ago: now - rated, note: seed.satisfactionComment ?? '' });
  if (closed) steps.push({ action: 'close', ago: now - closed, actor: rated ? null : STAFF });
  const images = Array.from({ length: seed.images ?? 0 }, (_, i) => peopleImage(seed.id * 10 + i + 1));
  return {
    id: seed.id,
    title: seed.title,
    excerpt: seed.content.slice(0, 100),
    content: seed.content,
    category: seed.category,
    area: seed.area,
    areaName: areaName(seed.area) ?? '',
    phone: seed.submitter.phone,
    status: seed.status,
    submitterId: seed.submitter.id,
    submitterName: seed.submitter.name,
    handlerId: handled ? STAFF.id : null,
    handlerName: handled ? STAFF.name : null,
    imageCount: images.length,
    images,
    createdAt: iso(created),
    acceptedAt: accepted ? iso(accepted) : null,
    repliedAt: replied ? iso(replied) : null,
    closedAt: closed ? iso(closed) : null,
    rejectedAt: rejected ? iso(rejected) : null,
    dueAt: iso(due),
    dispatchedArea: null,
    dispatchedAreaName: null,
    dispatchedAt: null,
    overdue: false,
    satisfaction: seed.satisfaction ?? null,
    reply: seed.reply ?? null,
    rejectReason: seed.rejectReason ?? null,
    satisfactionComment: seed.satisfaction ? (seed.satisfactionComment ?? '') : null,
    ratedAt: rated ? iso(rated) : null,
    history: history(submitter, steps, now),
  };
}

const V = {
  zhang: { id: 31, name: '张红梅', phone: '13812345601' },
  li: { id: 32, name: '李德明', phone: '13912345602' },
  wang: { id: 33, name: '王秀英', phone: '13712345603' },
  zhao: { id: 34, name: '赵建国', phone: '13612345604' },
  chen: { id: 35, name: '陈桂兰', phone: '15812345605' },
  liu: { id: 36, name: '刘志强', phone: '15912345606' },
  sun: { id: 37, name: '孙丽', phone: '18812345607' },
  zhou: { id: 38, name: '周海', phone: '0571-86001234' },
};

/** Titles the tests look rows up by. */
export const APPEALS = {
  pending: '村口路灯不亮，晚上出行不安全',
  pendingOverdue: '垃圾清运不及时，垃圾桶满溢',
  processingSoon: '自来水水压低，二楼以上用不上水',
  processingOverdue: '宅基地边界纠纷，请村里协调',
  replied: '咨询低保申请需要哪些材料',
  closed: '村道坑洼较多，雨天积水严重',
  rejected: '要求村里出资修建私人鱼塘道路',
} as const;

function initialAppeals(now: number): AppealDetail[] {
  const seeds: AppealSeed[] = [
    {
      id: 1,
      title: APPEALS.pending,
      content: '村口到小学的路灯已经坏了一周，晚上孩子放学很不安全，老人出门也容易摔倒，请尽快维修。',
      category: 1,
      area: 2,
      submitter: V.zhang,
      status: 'pending',
      age: 5 * HOUR,
      images: 2,
    },
    {
      id: 2,
      title: APPEALS.pendingOverdue,
      content: '第二村东头的垃圾桶已经三四天没人清运了，天气热气味很大，还招苍蝇，希望增加清运次数。',
      category: 2,
      area: 3,
      submitter: V.li,
      status: 'pending',
      // Due 2 days 3 hours (and 10 minutes) ago.
      age: 5 * DAY + 3 * HOUR + 10 * MINUTE,
      dueAfter: 3 * DAY,
      images: 3,
    },
    {
      id: 3,
      title: APPEALS.processingSoon,
      content: '最近一个月每天早上七点到九点水压特别低，二楼以上基本没水，家里老人洗漱做饭都困难。',
      category: 1,
      area: 4,
      submitter: V.wang,
      status: 'processing',
      // Due in 5 hours (and 30 minutes).
      age: 3 * DAY - 5 * HOUR - 30 * MINUTE,
    },
    {
      id: 4,
      title: APPEALS.processingOverdue,
      content: '邻居翻建房屋时占了我家约半米宅基地，双方多次协商不成，请村委会出面协调、重新丈量。',
      category: 3,
      area: 6,
      submitter: V.zhao,
      status: 'processing',
      age: 4 * DAY + 2 * HOUR,
      dueAfter: 3 * DAY,
    },
    {
      id: 5,
      title: APPEALS.replied,
      content: '我父亲今年七十二岁，独居，没有固定收入，想咨询申请低保需要准备哪些材料，到哪里办理。',
      category: 4,
      area: 2,
      submitter: V.chen,
      status: 'replied',
      age: 2 * DAY,
      reply:
        '您好，申请低保需携带户口簿、身份证、收入情况说明及银行卡复印件，到镇便民服务中心民政窗口办理，工作人员会在10个工作日内入户核查。',
    },
    {
      id: 6,
      title: APPEALS.closed,
      content: '村里通往镇上的主路有十几处坑洼，一下雨就积水，电动车经过很危险。',
      category: 1,
      area: 8,
      submitter: V.liu,
      status: 'closed',
      age: 9 * DAY,
      images: 1,
      reply: '已安排施工队对主路坑洼处进行修补，共修补坑槽16处，并疏通了路边排水沟。',
      satisfaction: 5,
      satisfactionComment: '修得很快，路好走多了，感谢！',
    },
    {
      id: 7,
      title: '广场舞音响声音太大影响休息',
      content: '社区广场每天晚上跳舞到十点多，音响声音很大，家里有高三学生，影响休息学习。',
      category: 3,
      area: 1,
      submitter: V.sun,
      status: 'closed',
      age: 12 * DAY,
      reply: '已与广场舞队负责人沟通，约定晚上九点前结束，音量控制在60分贝以内，社区网格员会不定期巡查。',
      satisfaction: 3,
      satisfactionComment: '好了一些，但周末还是有点吵。',
    },
    {
      id: 8,
      title: APPEALS.rejected,
      content: '希望村里出钱把我家鱼塘到公路的那段土路硬化一下，方便运输。',
      category: 1,
      area: 5,
      submitter: V.zhou,
      status: 'rejected',
      age: 6 * DAY,
      rejectReason: '该道路属于个人承包鱼塘的生产便道，不在村集体道路硬化范围内，可向镇农业服务中心咨询农业设施补助政策。',
    },
    {
      id: 9,
      title: '河道有人倾倒建筑垃圾',
      content: '第七村小河桥下游有人晚上偷偷倾倒装修垃圾，已经堆了好几车，担心堵塞河道。',
      category: 2,
      area: 8,
      submitter: V.liu,
      status: 'pending',
      age: 40 * MINUTE,
      images: 2,
    },
    {
      id: 10,
      title: '城乡居民养老保险缴费档次咨询',
      content: '想了解今年城乡居民养老保险有哪些缴费档次，补缴以前年度的怎么办理。',
      category: 6,
      area: 7,
      submitter: V.wang,
      status: 'processing',
      age: 1 * DAY,
    },
    {
      id: 11,
      title: '社区3号楼电梯经常停运',
      content: '3号楼电梯这个月已经坏了三次，楼里有好几位行动不便的老人，上下楼非常困难。',
      category: 5,
      area: 1,
      submitter: V.sun,
      status: 'replied',
      age: 3 * DAY,
      reply: '已联系物业和电梯维保单位，更换了控制主板，并安排每周一次例行检查。',
    },
    {
      id: 12,
      title: '路边树枝遮挡交通标志',
      content: '第十村路口的行道树枝叶太密，把限速和让行标志都挡住了，外地车辆经常开得很快。',
      category: 5,
      area: 11,
      submitter: V.chen,
      status: 'closed',
      age: 15 * DAY,
      reply: '已协调绿化养护队修剪遮挡枝叶，标志已清晰可见。',
    },
  ];
  const appeals = seeds.map((seed) => appeal(seed, now));
  // The pending appeal's first photo is the one sent with the handled photo report (id 3).
  const [first, ...rest] = appeals[0].images;
  appeals[0].images = [
    {
      ...first,
      check: photoCheck({
        duplicateOf: [duplicateOf({ kind: 'photoReport', id: 3, label: '赵建国的随手拍「河边护栏断了一截，小孩容易掉下去」' })],
      }),
    },
    ...rest.map((image) => ({ ...image, check: photoCheck({ takenAt: null }) })),
  ];
  return appeals;
}

export interface ReportSeed {
  id: number;
  type: number;
  description: string;
  area: number;
  location: string;
  lat?: number;
  lng?: number;
  submitter: { id: number; name: string };
  status: PhotoReportDetail['status'];
  age: number;
  images: number;
  result?: string;
  resultImages?: number;
  invalidReason?: string;
}

/** Descriptions the tests look rows up by. */
export const REPORTS = {
  pending: '第一村水塔旁的水管漏水，路面已经结冰',
  handled: '河边护栏断了一截，小孩容易掉下去',
  invalid: '随便拍拍试试',
} as const;

export function report(seed: ReportSeed, now: number): PhotoReportDetail {
  const created = now - seed.age;
  const done = seed.status !== 'pending' ? created + (now - created) * 0.6 : null;
  const images = Array.from({ length: seed.images }, (_, i) => peopleImage(500 + seed.id * 10 + i));
  const steps: Step[] = [{ action: 'submit', ago: now - created }];
  if (done && seed.status === 'handled') steps.push({ action: 'handle', ago: now - done, actor: STAFF, note: seed.result });
  if (done && seed.status === 'invalid') steps.push({ action: 'invalid', ago: now - done, actor: STAFF, note: seed.invalidReason });
  return {
    id: seed.id,
    type: seed.type,
    excerpt: seed.description.slice(0, 100),
    description: seed.description,
    area: seed.area,
    areaName: areaName(seed.area) ?? '',
    location: seed.location,
    lat: seed.lat ?? null,
    lng: seed.lng ?? null,
    status: seed.status,
    submitterId: seed.submitter.id,
    submitterName: seed.submitter.name,
    handlerId: done ? STAFF.id : null,
    handlerName: done ? STAFF.name : null,
    cover: images[0] ?? null,
    imageCount: images.length,
    images,
    createdAt: new Date(created).toISOString(),
    handledAt: done ? new Date(done).toISOString() : null,
    result: seed.result ?? null,
    resultImages: Array.from({ length: seed.resultImages ?? 0 }, (_, i) => peopleImage(800 + seed.id * 10 + i)),
    invalidReason: seed.invalidReason ?? null,
    history: history(seed.submitter, steps, now),
  };
}

function initialReports(now: number): PhotoReportDetail[] {
  const seeds: ReportSeed[] = [
    {
      id: 1,
      type: 3,
      description: REPORTS.pending,
      area: 2,
      location: '第一村水塔东侧',
      lat: 30.27412,
      lng: 120.15515,
      submitter: V.zhang,
      status: 'pending',
      age: 2 * HOUR,
      images: 3,
    },
    {
      id: 2,
      type: 1,
      description: '村委会后面的空地堆满了生活垃圾，还有人焚烧',
      area: 4,
      location: '第三村村委会后空地',
      submitter: V.wang,
      status: 'pending',
      age: 1 * DAY,
      images: 2,
    },
    {
      id: 3,
      type: 2,
      description: REPORTS.handled,
      area: 6,
      location: '第五村河边步道',
      lat: 30.28001,
      lng: 120.16222,
      submitter: V.zhao,
      status: 'handled',
      age: 4 * DAY,
      images: 2,
      result: '已安排维修人员更换护栏3米，并设置警示牌。',
      resultImages: 2,
    },
    {
      id: 4,
      type: 2,
      description: '老街一处电线杆倾斜，电线垂得很低',
      area: 1,
      location: '镇社区老街28号门口',
      submitter: V.sun,
      status: 'pending',
      age: 30 * MINUTE,
      images: 1,
    },
    {
      id: 5,
      type: 4,
      description: REPORTS.invalid,
      area: 3,
      location: '',
      submitter: V.li,
      status: 'invalid',
      age: 6 * DAY,
      images: 1,
      invalidReason: '照片与描述均未反映具体问题，如有问题请重新拍摄并说明。',
    },
    {
      id: 6,
      type: 1,
      description: '小区门口下水道井盖缺失，晚上看不见很危险',
      area: 9,
      location: '第八村幸福小区南门',
      submitter: V.chen,
      status: 'handled',
      age: 8 * DAY,
      images: 2,
      result: '已补装井盖并加装反光标识。',
    },
  ];
  const reports = seeds.map((seed) => report(seed, now));
  // The first pending report's first photo was taken weeks before it was sent.
  reports[0].images = reports[0].images.map((image, i) => ({
    ...image,
    check: i === 0 ? oldPhoto('拍摄时间早于上传30天以上') : photoCheck(),
  }));
  return reports;
}

function opinion(
  seed: Partial<OpinionItem> & Pick<OpinionItem, 'id' | 'title' | 'source' | 'sentiment'>,
  now: number,
  age: number,
): OpinionItem {
  const area = seed.area ?? null;
  return {
    summary: '',
    link: '',
    level: 1,
    area,
    areaName: area === null ? '全镇' : (areaName(area) ?? ''),
    status: 'monitoring',
    appealId: null,
    photoReportId: null,
    keyword: null,
    createdByName: STAFF.name,
    createdAt: new Date(now - age).toISOString(),
    handledAt: seed.status === 'handled' ? new Date(now - age / 2).toISOString() : null,
    ...seed,
  };
}

/** Titles the tests look rows up by. */
export const OPINIONS = {
  web: '网帖称镇区菜市场周边占道经营严重',
  fromReport: '第一村水塔旁的水管漏水，路面已经结冰',
  praise: '村民点赞第五村护栏修复及时',
  handled: '热线反映第二村垃圾清运不及时',
} as const;

function initialOpinions(now: number): OpinionItem[] {
  return [
    opinion(
      {
        id: 1,
        title: OPINIONS.web,
        summary: '本地论坛网帖反映菜市场周边早高峰占道经营、车辆难以通行，已有30余条跟帖。',
        source: 1,
        link: 'https://bbs.example.com/thread/10086',
        sentiment: 'negative',
        level: 2,
        area: 1,
      },
      now,
      6 * HOUR,
    ),
    opinion(
      {
        id: 2,
        title: OPINIONS.fromReport,
        summary: '随手拍：第一村水塔东侧水管漏水，路面结冰。',
        source: 5,
        sentiment: 'negative',
        level: 3,
        area: 2,
        photoReportId: 1,
        keyword: '漏水',
        createdByName: '系统',
      },
      now,
      2 * HOUR,
    ),
    opinion(
      {
        id: 3,
        title: OPINIONS.praise,
        summary: '村民在微信群中对护栏修复速度表示肯定。',
        source: 3,
        sentiment: 'positive',
        area: 6,
        status: 'handled',
      },
      now,
      3 * DAY,
    ),
    opinion(
      {
        id: 4,
        title: OPINIONS.handled,
        summary: '12345热线转来群众反映，与群众诉求重复。',
        source: 2,
        sentiment: 'negative',
        level: 2,
        area: 3,
        status: 'handled',
        appealId: 2,
      },
      now,
      4 * DAY,
    ),
    opinion(
      {
        id: 5,
        title: '垃圾清运不及时，垃圾桶满溢',
        summary: '群众诉求：第二村东头垃圾桶三四天未清运。',
        source: 4,
        sentiment: 'negative',
        area: 3,
        appealId: 2,
        keyword: '垃圾',
        createdByName: '系统',
      },
      now,
      5 * DAY,
    ),
    opinion(
      { id: 6, title: '镇文化礼堂周末惠民演出反响热烈', source: 1, sentiment: 'positive', link: 'https://news.example.com/a/2024' },
      now,
      8 * DAY,
    ),
    opinion({ id: 7, title: '走访了解到部分老人对医保报销流程不熟悉', source: 3, sentiment: 'neutral', area: 5 }, now, 10 * DAY),
  ];
}

function initialKeywords(now: number): OpinionKeyword[] {
  const kw = (id: number, keyword: string, matches: number, age: number): OpinionKeyword => ({
    id,
    keyword,
    matches,
    createdByName: STAFF.name,
    createdAt: new Date(now - age).toISOString(),
  });
  return [kw(1, '漏水', 1, 20 * DAY), kw(2, '垃圾', 1, 20 * DAY), kw(3, '塌方', 0, 15 * DAY), kw(4, '噪音', 0, 3 * DAY)];
}

/** The notice bell's task-review group (owned by the task module): fixed here. */
const SUBMISSIONS_GROUP = (now: number): NoticeGroup => ({
  kind: 'submissions',
  title: '待审核提交',
  count: 2,
  link: '/taskManage/audit',
  items: [
    { id: 1, title: '春季人居环境整治', subtitle: '王村干 · 第一村', time: new Date(now - 20 * MINUTE).toISOString() },
    { id: 2, title: '春季人居环境整治', subtitle: '刘网格 · 第二村', time: new Date(now - 3 * HOUR).toISOString() },
  ],
});

export const peopleDb = {
  now: Date.now(),
  appeals: initialAppeals(Date.now()),
  reports: initialReports(Date.now()),
  opinions: initialOpinions(Date.now()),
  keywords: initialKeywords(Date.now()),
  /** When set, GET /api/notices answers this instead of counting (tests change the bell with it). */
  notices: undefined as Notices | undefined,
  nextId: 100,
};

export function resetPeopleDb() {
  const now = Date.now();
  eventId = 1;
  peopleDb.now = now;
  peopleDb.appeals = initialAppeals(now);
  peopleDb.reports = initialReports(now);
  peopleDb.opinions = initialOpinions(now);
  peopleDb.keywords = initialKeywords(now);
  peopleDb.notices = undefined;
  peopleDb.nextId = 100;
}

function page<T>(items: T[], url: URL) {
  const current = Math.max(1, Number(url.searchParams.get('current') ?? 1) || 1);
  const pageSize = Math.max(1, Number(url.searchParams.get('pageSize') ?? PAGE_SIZE_DEFAULT) || PAGE_SIZE_DEFAULT);
  return { list: items.slice((current - 1) * pageSize, current * pageSize), total: items.length, current, pageSize };
}

const isOpen = (status: AppealStatus) => status === 'pending' || status === 'processing';
export const withOverdue = (a: AppealDetail): AppealDetail => ({ ...a, overdue: isOpen(a.status) && Date.parse(a.dueAt) < Date.now() });
export const toAppealItem = (a: AppealDetail): AppealItem => {
  const {
    content: _c,
    images: _i,
    reply: _r,
    rejectReason: _j,
    satisfactionComment: _s,
    ratedAt: _t,
    history: _h,
    ...item
  } = withOverdue(a);
  return item;
};
export const toReportItem = (r: PhotoReportDetail): PhotoReportItem => {
  const { description: _d, images: _i, result: _r, resultImages: _x, invalidReason: _v, history: _h, ...item } = r;
  return item;
};

const num = (q: URLSearchParams, key: string) => (q.get(key) ? Number(q.get(key)) : undefined);
const contains = (values: string[], part: string | null) => !part || values.some((v) => v.toLowerCase().includes(part.toLowerCase()));
const inPeriod = (time: string, q: URLSearchParams) =>
  (!q.get('from') || time >= (q.get('from') as string)) && (!q.get('to') || time <= (q.get('to') as string));
const newestFirst = <T extends { createdAt: string; id: number }>(a: T, b: T) =>
  a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1;

/** The server's appeal filters other than state (the counts' scope). */
function filterAppealsBase(q: URLSearchParams): AppealDetail[] {
  const area = num(q, 'area');
  const category = num(q, 'category');
  return peopleDb.appeals
    .map(withOverdue)
    .filter(
      (a) =>
        (area === undefined || a.area === area) &&
        (category === undefined || a.category === category) &&
        contains([a.title, a.content, a.submitterName, a.phone], q.get('keyword')) &&
        inPeriod(a.createdAt, q),
    )
    .sort(newestFirst);
}

function filterAppeals(q: URLSearchParams): AppealDetail[] {
  const status = q.get('status');
  const overdue = q.get('overdue');
  return filterAppealsBase(q).filter((a) => (!status || a.status === status) && (overdue !== 'true' || a.overdue));
}

function appealCounts(q: URLSearchParams): AppealCounts {
  const base = filterAppealsBase(q);
  const of = (status: AppealStatus) => base.filter((a) => a.status === status).length;
  return {
    all: base.length,
    pending: of('pending'),
    processing: of('processing'),
    replied: of('replied'),
    closed: of('closed'),
    rejected: of('rejected'),
    overdue: base.filter((a) => a.overdue).length,
  };
}

function filterReports(q: URLSearchParams, withStatus = true): PhotoReportDetail[] {
  const area = num(q, 'area');
  const type = num(q, 'type');
  const status = q.get('status');
  return peopleDb.reports
    .filter(
      (r) =>
        (!withStatus || !status || r.status === status) &&
        (area === undefined || r.area === area) &&
        (type === undefined || r.type === type) &&
        contains([r.description, r.location, r.submitterName], q.get('keyword')) &&
        inPeriod(r.createdAt, q),
    )
    .sort(newestFirst);
}

function filterOpinions(q: URLSearchParams): OpinionItem[] {
  const level = num(q, 'level');
  const source = num(q, 'source');
  const area = num(q, 'area');
  return peopleDb.opinions
    .filter(
      (o) =>
        (!q.get('status') || o.status === q.get('status')) &&
        (!q.get('sentiment') || o.sentiment === q.get('sentiment')) &&
        (level === undefined || o.level === level) &&
        (source === undefined || o.source === source) &&
        (area === undefined || o.area === area) &&
        contains([o.title, o.summary, o.keyword ?? ''], q.get('keyword')) &&
        inPeriod(o.createdAt, q),
    )
    .sort(newestFirst);
}

/** 30 days, today last: a steady background of items plus the ones in the db. */
function trend(): OpinionTrendDay[] {
  const days: OpinionTrendDay[] = [];
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  for (let i = 29; i >= 0; i--) {
    const day = new Date(today.getTime() - i * DAY);
    const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    const n = 30 - i;
    const row = {
      date,
      positive: (n * 7) % 4 === 0 ? 2 : (n * 7) % 3,
      neutral: (n * 5) % 4,
      negative: n % 6 === 0 ? 3 : n % 4 === 0 ? 1 : 0,
    };
    for (const o of peopleDb.opinions) {
      const t = Date.parse(o.createdAt);
      if (t >= day.getTime() && t < day.getTime() + DAY) row[o.sentiment] += 1;
    }
    days.push(row);
  }
  return days;
}

function notices(): Notices {
  if (peopleDb.notices) return peopleDb.notices;
  const now = Date.now();
  const appeals = peopleDb.appeals.map(withOverdue).sort(newestFirst);
  const entry = (a: AppealDetail) => ({ id: a.id, title: a.title, subtitle: `${a.submitterName} · ${a.areaName}`, time: a.createdAt });
  const pending = appeals.filter((a) => a.status === 'pending');
  const overdue = appeals.filter((a) => a.overdue);
  const reports = peopleDb.reports.filter((r) => r.status === 'pending').sort(newestFirst);
  const groups: NoticeGroup[] = [
    SUBMISSIONS_GROUP(now),
    {
      kind: 'appeals',
      title: '新的群众诉求',
      count: pending.length,
      link: '/peopleService/appeal?status=pending',
      items: pending.slice(0, 5).map(entry),
    },
    {
      kind: 'photoReports',
      title: '新的随手拍',
      count: reports.length,
      link: '/peopleService/shot?status=pending',
      items: reports
        .slice(0, 5)
        .map((r) => ({ id: r.id, title: r.excerpt, subtitle: `${r.submitterName} · ${r.areaName}`, time: r.createdAt })),
    },
    {
      kind: 'overdueAppeals',
      title: '超期诉求',
      count: overdue.length,
      link: '/peopleService/appeal?status=overdue',
      items: overdue.slice(0, 5).map(entry),
    },
  ];
  return { total: groups.reduce((sum, g) => sum + g.count, 0), groups };
}

const requiredText = (value: unknown, field: string, label: string, max: number): FieldError | undefined => {
  if (typeof value !== 'string' || !value.trim()) return { field, label, message: '不能为空' };
  if (value.length > max) return { field, label, message: `不能超过${max}个字符` };
  return undefined;
};
const badRequest = (error: FieldError) => apiError(400, `${error.label}：${error.message}`, [error]);

const findAppeal = (id: unknown) => peopleDb.appeals.find((a) => a.id === Number(id));
const findReport = (id: unknown) => peopleDb.reports.find((r) => r.id === Number(id));
const findOpinion = (id: unknown) => peopleDb.opinions.find((o) => o.id === Number(id));

function addEvent(target: { history: HistoryEvent[] }, action: HistoryAction, note = '') {
  target.history.push({
    id: eventId++,
    action,
    actorId: adminUser.id,
    actorName: adminUser.name,
    note,
    createdAt: new Date().toISOString(),
  });
}

const APPEAL_STEPS: Record<string, { from: AppealStatus[]; to: AppealStatus }> = {
  accept: { from: ['pending'], to: 'processing' },
  reply: { from: ['processing'], to: 'replied' },
  close: { from: ['replied'], to: 'closed' },
  reject: { from: ['pending', 'processing'], to: 'rejected' },
};

function applyOpinionBody(item: OpinionItem, body: OpinionBody) {
  Object.assign(item, {
    source: body.source,
    title: body.title.trim(),
    summary: body.summary ?? '',
    link: body.link ?? '',
    sentiment: body.sentiment,
    level: body.level,
    area: body.area ?? null,
    areaName: body.area ? (areaName(body.area) ?? '') : '全镇',
  });
}

export const peopleHandlers = [
  exportHandler('/photo-reports/export', '随手拍.xlsx'),
  exportHandler('/opinions/export', '舆情监测.xlsx'),
  // ---- appeals ----
  http.get(api('/appeals'), ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const url = new URL(request.url);
    return ok(page(filterAppeals(url.searchParams).map(toAppealItem), url));
  }),
  http.get(api('/appeals/counts'), ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    return ok(appealCounts(new URL(request.url).searchParams));
  }),
  exportHandler('/appeals/export', '群众诉求.xlsx'),
  http.get(api('/appeals/:id'), ({ request, params }) => {
    if (!signedIn(request)) return unauthorized();
    const found = findAppeal(params.id);
    return found ? ok(withOverdue(found)) : apiError(404, PEOPLE_MESSAGES.appealNotFound);
  }),
  // 转派 and 撤回 (ADR 0031): the village and the time change, the state and due time do not.
  http.post(api('/appeals/:id/dispatch'), async ({ request, params }) => {
    if (!signedIn(request)) return unauthorized();
    const found = findAppeal(params.id);
    if (!found) return apiError(404, PEOPLE_MESSAGES.appealNotFound);
    if (!APPEAL_DISPATCH_STATES.includes(found.status)) return apiError(409, PEOPLE_MESSAGES.appealMoved(found.status));
    const body = (await request.json().catch(() => ({}))) as { areaId?: number; note?: string };
    if (typeof body.areaId !== 'number' || body.areaId < 2 || body.areaId > 12) {
      return badRequest({ field: 'areaId', label: '转派村', message: '请选择村' });
    }
    found.dispatchedArea = body.areaId;
    found.dispatchedAreaName = areaName(body.areaId);
    found.dispatchedAt = new Date().toISOString();
    addEvent(found, 'dispatch', body.note?.trim() ?? '');
    found.history[found.history.length - 1].areaName = found.dispatchedAreaName;
    return HttpResponse.json({ code: 200, data: withOverdue(found), message: `已转派至${found.dispatchedAreaName}` });
  }),
  http.post(api('/appeals/:id/:step'), async ({ request, params }) => {
    if (!signedIn(request)) return unauthorized();
    const found = findAppeal(params.id);
    if (!found) return apiError(404, PEOPLE_MESSAGES.appealNotFound);
    const step = APPEAL_STEPS[String(params.step)];
    if (!step) return apiError(404, '请求地址出错');
    if (!step.from.includes(found.status)) return apiError(409, PEOPLE_MESSAGES.appealMoved(found.status));
    const body = (await request.json().catch(() => ({}))) as { reply?: string; reason?: string };
    const now = new Date().toISOString();
    if (params.step === 'reply') {
      const bad = requiredText(body.reply, 'reply', '答复内容', 2000);
      if (bad) return badRequest(bad);
      found.reply = body.reply!.trim();
      found.repliedAt = now;
      addEvent(found, 'reply', found.reply);
    } else if (params.step === 'reject') {
      const bad = requiredText(body.reason, 'reason', '不予受理原因', 500);
      if (bad) return badRequest(bad);
      found.rejectReason = body.reason!.trim();
      found.rejectedAt = now;
      addEvent(found, 'reject', found.rejectReason);
    } else if (params.step === 'accept') {
      found.acceptedAt = now;
      addEvent(found, 'accept');
    } else {
      found.closedAt = now;
      addEvent(found, 'close');
    }
    found.status = step.to;
    found.handlerId = adminUser.id;
    found.handlerName = adminUser.name;
    return ok(withOverdue(found));
  }),

  // ---- photo reports ----
  http.get(api('/photo-reports'), ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const url = new URL(request.url);
    return ok(page(filterReports(url.searchParams).map(toReportItem), url));
  }),
  http.get(api('/photo-reports/counts'), ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const base = filterReports(new URL(request.url).searchParams, false);
    return ok({
      all: base.length,
      pending: base.filter((r) => r.status === 'pending').length,
      handled: base.filter((r) => r.status === 'handled').length,
      invalid: base.filter((r) => r.status === 'invalid').length,
    });
  }),
  http.get(api('/photo-reports/:id'), ({ request, params }) => {
    if (!signedIn(request)) return unauthorized();
    const found = findReport(params.id);
    return found ? ok(found) : apiError(404, PEOPLE_MESSAGES.reportNotFound);
  }),
  http.post(api('/photo-reports/:id/:step'), async ({ request, params }) => {
    if (!signedIn(request)) return unauthorized();
    const found = findReport(params.id);
    if (!found) return apiError(404, PEOPLE_MESSAGES.reportNotFound);
    if (params.step !== 'handle' && params.step !== 'invalid') return apiError(404, '请求地址出错');
    if (found.status !== 'pending') return apiError(409, PEOPLE_MESSAGES.reportDone);
    const body = (await request.json().catch(() => ({}))) as { result?: string; reason?: string; imageIds?: number[] };
    if (params.step === 'handle') {
      const bad = requiredText(body.result, 'result', '处理结果', 1000);
      if (bad) return badRequest(bad);
      found.result = body.result!.trim();
      found.resultImages = (body.imageIds ?? []).map((id) => ({ id, url: `/api/uploads/photo-${id}.jpg`, width: 800, height: 600 }));
      found.status = 'handled';
      addEvent(found, 'handle', found.result);
    } else {
      const bad = requiredText(body.reason, 'reason', '无效原因', 500);
      if (bad) return badRequest(bad);
      found.invalidReason = body.reason!.trim();
      found.status = 'invalid';
      addEvent(found, 'invalid', found.invalidReason);
    }
    found.handledAt = new Date().toISOString();
    found.handlerId = adminUser.id;
    found.handlerName = adminUser.name;
    return ok(found);
  }),

  // ---- opinions ----
  http.get(api('/opinions/trend'), ({ request }) => (signedIn(request) ? ok({ days: trend() }) : unauthorized())),
  http.get(api('/opinions'), ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const url = new URL(request.url);
    return ok(page(filterOpinions(url.searchParams), url));
  }),
  http.post(api('/opinions'), async ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const body = (await request.json()) as OpinionBody;
    const bad = requiredText(body.title, 'title', '标题', 100);
    if (bad) return badRequest(bad);
    const item = opinion(
      { id: peopleDb.nextId++, title: '', source: 1, sentiment: 'neutral', createdByName: adminUser.name },
      Date.now(),
      0,
    );
    applyOpinionBody(item, body);
    peopleDb.opinions.push(item);
    return ok(item);
  }),
  http.put(api('/opinions/:id'), async ({ request, params }) => {
    if (!signedIn(request)) return unauthorized();
    const found = findOpinion(params.id);
    if (!found) return apiError(404, PEOPLE_MESSAGES.opinionNotFound);
    const body = (await request.json()) as OpinionBody;
    const bad = requiredText(body.title, 'title', '标题', 100);
    if (bad) return badRequest(bad);
    applyOpinionBody(found, body);
    return ok(found);
  }),
  http.delete(api('/opinions/:id'), ({ request, params }) => {
    if (!signedIn(request)) return unauthorized();
    const found = findOpinion(params.id);
    if (!found) return apiError(404, PEOPLE_MESSAGES.opinionNotFound);
    peopleDb.opinions = peopleDb.opinions.filter((o) => o.id !== found.id);
    return okEmpty('已删除');
  }),
  http.post(api('/opinions/:id/:step'), ({ request, params }) => {
    if (!signedIn(request)) return unauthorized();
    const found = findOpinion(params.id);
    if (!found) return apiError(404, PEOPLE_MESSAGES.opinionNotFound);
    if (params.step === 'handle') {
      if (found.status === 'handled') return apiError(409, '该舆情已处置');
      found.status = 'handled';
      found.handledAt = new Date().toISOString();
    } else if (params.step === 'reopen') {
      if (found.status === 'monitoring') return apiError(409, '该舆情正在监测中');
      found.status = 'monitoring';
      found.handledAt = null;
    } else {
      return apiError(404, '请求地址出错');
    }
    return ok(found);
  }),

  // ---- watch keywords ----
  http.get(api('/opinion-keywords'), ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const url = new URL(request.url);
    const list = peopleDb.keywords.filter((k) => contains([k.keyword], url.searchParams.get('keyword'))).sort(newestFirst);
    return ok(page(list, url));
  }),
  http.post(api('/opinion-keywords'), async ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const body = (await request.json()) as { keyword?: string };
    const bad = requiredText(body.keyword, 'keyword', '关键词', 20);
    if (bad) return badRequest(bad);
    const keyword = body.keyword!.trim();
    if (peopleDb.keywords.some((k) => k.keyword === keyword)) {
      return apiError(409, PEOPLE_MESSAGES.keywordTaken, [{ field: 'keyword', label: '关键词', message: PEOPLE_MESSAGES.keywordTaken }]);
    }
    const item: OpinionKeyword = {
      id: peopleDb.nextId++,
      keyword,
      matches: 0,
      createdByName: adminUser.name,
      createdAt: new Date().toISOString(),
    };
    peopleDb.keywords.push(item);
    return ok(item);
  }),
  http.delete(api('/opinion-keywords/:id'), ({ request, params }) => {
    if (!signedIn(request)) return unauthorized();
    if (!peopleDb.keywords.some((k) => k.id === Number(params.id))) return apiError(404, '关键词不存在');
    peopleDb.keywords = peopleDb.keywords.filter((k) => k.id !== Number(params.id));
    return okEmpty('已删除');
  }),

  // ---- the bell ----
  http.get(api('/notices'), ({ request }) => (signedIn(request) ? ok(notices()) : unauthorized())),

  // ---- result photos ----
  http.post(api('/uploads'), async ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const id = peopleDb.nextId++;
    return ok({ id, url: `/api/uploads/photo-${id}.jpg`, width: 800, height: 600, size: 1024 });
  }),
];
