/**
 * The people services' records (docs/product.md §6–§9), shared by /api/appeals (mock/appeals.ts),
 * /api/photo-reports (mock/photoReports.ts), /api/opinions and the bell (mock/opinions.ts):
 * appeals, photo reports, opinions and watch keywords in every state the pages tell apart, the
 * villager's own records (`seedMyRecords`, for the phone), and the appeals handed down to the
 * cadre's village (`dispatchDb`, ADR 0031). Times are relative to when the records are reset, so
 * 超期 and 剩余 read the same on any day. `resetPeopleDb()` in a beforeEach puts them back.
 */
import { type AppealSource, type AppealStatus, PHOTO_STALE_DAYS_DEFAULT, PHOTO_STALE_REASONS } from '@common/constants';
import { callbackAllowed, isAppealOpen } from '@common/workflow';
import type {
  AppealDetail,
  AppealItem,
  HistoryAction,
  HistoryEvent,
  Notices,
  OpinionItem,
  OpinionKeyword,
  PhotoReportDetail,
  PhotoReportItem,
} from '@common/contracts/people';
import type { ImageRef } from '@common/contracts/tasks';
import { areaLabel, areaName, villagerUser } from './fixtures';
import { duplicateOf, oldPhoto, photoCheck } from './photoChecks';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

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
/** History events are numbered in one sequence, as the server's table numbers them. */
export function historyEvent(action: HistoryAction, actor: { id: number; name: string } | null, note = '', at = new Date()): HistoryEvent {
  return { id: eventId++, action, actorId: actor?.id ?? null, actorName: actor?.name ?? '系统', note, createdAt: at.toISOString() };
}

function history(submitter: { id: number; name: string }, steps: Step[], base: number): HistoryEvent[] {
  return steps.map((step) =>
    historyEvent(step.action, step.actor === undefined ? submitter : step.actor, step.note, new Date(base - step.ago)),
  );
}

interface AppealSeed {
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
  /** How it reached the centre; made on the phone pages unless said. */
  source?: AppealSource;
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
    source: seed.source ?? 'online',
    submitterId: seed.submitter.id,
    submitterName: seed.submitter.name,
    registeredByName: seed.source && seed.source !== 'online' ? STAFF.name : null,
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
    satisfactionSource: seed.satisfaction ? 'phone' : null,
    calledBackAt: null,
    callbackReached: null,
    callbackAttempts: 0,
    calledBackByName: null,
    callbackDue: false,
    reply: seed.reply ?? null,
    replyImages: [],
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

interface ReportSeed {
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
    returnReason: null,
    dispatchedArea: null,
    dispatchedAreaName: null,
    dispatchedAt: null,
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
    check: i === 0 ? oldPhoto(PHOTO_STALE_REASONS.olderThan(PHOTO_STALE_DAYS_DEFAULT)) : photoCheck(),
  }));
  return reports;
}

export function opinion(
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
    areaName: areaLabel(area),
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

export const peopleDb = {
  now: Date.now(),
  appeals: initialAppeals(Date.now()),
  reports: initialReports(Date.now()),
  opinions: initialOpinions(Date.now()),
  keywords: initialKeywords(Date.now()),
  /** When set, GET /api/notices answers this instead of counting (tests change the bell with it). */
  notices: undefined as Omit<Notices, 'mine'> | undefined,
  /** Per user, a phone's client key → the record it made, as the server keeps them. */
  clientKeys: { appeals: new Map<string, number>(), reports: new Map<string, number>() },
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
  peopleDb.clientKeys = { appeals: new Map(), reports: new Map() };
  peopleDb.nextId = 100;
}

/** 待回访 in the mocks: answered over three days ago (the server counts working days), unrated, no call-back ended. */
export const CALLBACK_AFTER = 3 * DAY;
/** The clock's verdicts as the server gives them with each answer: 超期 and 待回访. */
export const withOverdue = (a: AppealDetail): AppealDetail => ({
  ...a,
  overdue: isAppealOpen(a.status) && Date.parse(a.dueAt) < Date.now(),
  callbackDue: callbackAllowed(a) && a.repliedAt !== null && Date.parse(a.repliedAt) <= Date.now() - CALLBACK_AFTER,
});
export const toAppealItem = (a: AppealDetail): AppealItem => {
  const {
    content: _c,
    images: _i,
    reply: _r,
    replyImages: _ri,
    rejectReason: _j,
    satisfactionComment: _s,
    ratedAt: _t,
    history: _h,
    ...item
  } = withOverdue(a);
  return item;
};
export const toReportItem = (r: PhotoReportDetail): PhotoReportItem => {
  const { description: _d, images: _i, result: _r, resultImages: _x, invalidReason: _v, returnReason: _n, history: _h, ...item } = r;
  return item;
};

/** The villager's own appeals, by title: one in each state the records page tells apart. */
export const MY_APPEALS = {
  pending: '村卫生室周末不开门，看病不方便',
  overdue: '村西头小桥桥面裂缝越来越大',
  replied: '申请在村口加装减速带',
  closed: '村广场健身器材损坏',
  rejected: '要求补发去年的种粮补贴',
} as const;

export const MY_REPLY = '已联系交通部门，下月在村口两侧各加装一条减速带，并设置警示标志。';
export const MY_REJECT_REASON = '种粮补贴由镇农业服务中心统一发放，请携带身份证到镇农业服务中心窗口查询。';
export const MY_RATING_COMMENT = '修好了，谢谢！';

/** The villager's own photo reports, by description. */
export const MY_REPORTS = {
  pending: '第一村小广场的路灯杆被撞歪了',
  handled: '村小学门口的下水道堵了，污水漫到路上',
  invalid: '手滑拍错了',
} as const;

export const MY_RESULT = '已疏通下水道并清理路面。';
export const MY_INVALID_REASON = '照片未反映具体问题。';

/** The server's due time is N working days on; here simply three days. */
export const DUE_AFTER = 3 * DAY;
const me = { id: villagerUser.id, name: villagerUser.name, phone: villagerUser.phone };

/** Adds the villager's own appeals and photo reports (the phone's 我的 pages). */
export function seedMyRecords(now: number) {
  const mine = { submitter: me, area: villagerUser.area! };
  peopleDb.appeals.push(
    appeal(
      {
        id: 21,
        title: MY_APPEALS.pending,
        content: '村卫生室周六周日都关门，老人有个头疼脑热只能跑到镇上。',
        category: 4,
        ...mine,
        status: 'pending',
        age: 30 * MINUTE,
      },
      now,
    ),
    appeal(
      {
        id: 22,
        title: MY_APPEALS.overdue,
        content: '小桥桥面的裂缝已经有两指宽，农用车每天都从上面过，担心塌了。',
        category: 1,
        ...mine,
        status: 'processing',
        age: 4 * DAY,
        dueAfter: DUE_AFTER,
        images: 2,
      },
      now,
    ),
    appeal(
      {
        id: 23,
        title: MY_APPEALS.replied,
        content: '村口是下坡，车开得很快，孩子上学过马路很危险。',
        category: 5,
        ...mine,
        status: 'replied',
        age: 2 * DAY,
        reply: MY_REPLY,
      },
      now,
    ),
    appeal(
      {
        id: 24,
        title: MY_APPEALS.closed,
        content: '广场上的两台健身器材坏了，螺丝松动，老人用着不安全。',
        category: 1,
        ...mine,
        status: 'closed',
        age: 10 * DAY,
        reply: '已更换损坏的健身器材配件。',
        satisfaction: 4,
        satisfactionComment: MY_RATING_COMMENT,
      },
      now,
    ),
    appeal(
      {
        id: 25,
        title: MY_APPEALS.rejected,
        content: '去年的种粮补贴一直没有到账。',
        category: 4,
        ...mine,
        status: 'rejected',
        age: 6 * DAY,
        rejectReason: MY_REJECT_REASON,
      },
      now,
    ),
  );
  peopleDb.reports.push(
    report(
      {
        id: 21,
        type: 2,
        description: MY_REPORTS.pending,
        ...mine,
        location: '第一村小广场东侧',
        lat: 30.2741,
        lng: 120.1551,
        status: 'pending',
        age: 1 * HOUR,
        images: 2,
      },
      now,
    ),
    report(
      {
        id: 22,
        type: 1,
        description: MY_REPORTS.handled,
        ...mine,
        location: '村小学门口',
        status: 'handled',
        age: 3 * DAY,
        images: 1,
        result: MY_RESULT,
        resultImages: 1,
      },
      now,
    ),
    report(
      {
        id: 23,
        type: 4,
        description: MY_REPORTS.invalid,
        ...mine,
        location: '',
        status: 'invalid',
        age: 5 * DAY,
        images: 1,
        invalidReason: MY_INVALID_REASON,
      },
      now,
    ),
  );
}

/** The appeals handed to cadre02's village (area 2), by title. */
export const DISPATCHED = {
  pending: '村东头路灯坏了三盏，晚上出行不便',
  processing: '村委会门口排水沟堵塞',
  replied: '申请修缮村文化礼堂屋顶',
  otherVillage: '第三村集市占道经营',
} as const;
export const DISPATCHED_IDS = { pending: 61, processing: 62, replied: 63, otherVillage: 64 } as const;

const submitter = { id: villagerUser.id, name: villagerUser.name, phone: villagerUser.phone };

export const dispatchDb = { appeals: [] as AppealDetail[], reports: [] as PhotoReportDetail[] };

function handedTo(detail: AppealDetail, area: number, now: number): AppealDetail {
  const at = new Date(now - 2 * HOUR).toISOString();
  return {
    ...detail,
    dispatchedArea: area,
    dispatchedAreaName: areaName(area) ?? '',
    dispatchedAt: at,
    history: [
      ...detail.history,
      { ...historyEvent('dispatch', { id: 3, name: '李办事员' }, '请村里核实处理', new Date(at)), areaName: areaName(area) ?? '' },
    ],
  };
}

/** The photo reports handed to cadre02's village (area 2, ADR 0064), by description. */
export const DISPATCHED_SHOTS = {
  pending: '村口垃圾桶满了好几天没人清运',
  returned: '村道边的排水沟被泥沙堵死',
  reviewing: '文化广场的路灯杆倒了',
  otherVillage: '第三村桥头护栏松动',
} as const;
export const DISPATCHED_SHOT_IDS = { pending: 71, returned: 72, reviewing: 73, otherVillage: 74 } as const;
export const SHOT_RETURN_REASON = '照片只拍了近景，看不出排水沟是否已全部疏通，请补拍全景';
const CADRE = { id: 40, name: '张红梅' };

function handedShot(id: number, description: string, status: PhotoReportDetail['status'], area: number, now: number): PhotoReportDetail {
  const base = report({ id, type: 1, description, area, location: '村口', submitter, status: 'pending', age: DAY, images: 1 }, now);
  const at = new Date(now - 2 * HOUR);
  const history = [
    ...base.history,
    { ...historyEvent('dispatch', { id: 3, name: '李办事员' }, '请村里处置后拍照回复', at), areaName: areaName(area) ?? '' },
  ];
  const answered = status !== 'pending';
  if (answered) history.push(historyEvent('accept', CADRE, '', new Date(now - HOUR)));
  if (status === 'reviewing' || id === DISPATCHED_SHOT_IDS.returned) {
    history.push({ ...historyEvent('reply', CADRE, '已处理', new Date(now - 50 * MINUTE)), images: [peopleImage(900 + id)] });
  }
  if (id === DISPATCHED_SHOT_IDS.returned)
    history.push(historyEvent('return', { id: 3, name: '李办事员' }, SHOT_RETURN_REASON, new Date(now - 40 * MINUTE)));
  return {
    ...base,
    status,
    handlerId: answered ? CADRE.id : null,
    handlerName: answered ? CADRE.name : null,
    dispatchedArea: area,
    dispatchedAreaName: areaName(area) ?? '',
    dispatchedAt: at.toISOString(),
    result: status === 'reviewing' ? '路灯杆已扶正加固，线路已检查' : null,
    resultImages: status === 'reviewing' ? [peopleImage(900 + id)] : [],
    returnReason: id === DISPATCHED_SHOT_IDS.returned ? SHOT_RETURN_REASON : null,
    history,
  };
}

/** The appeals and photo reports handed to the cadre's village (their submitter's notices: mock/my.ts `seedDispatchNotices`). */
export function resetDispatchDb() {
  const now = Date.now();
  const seed = (id: number, title: string, status: AppealDetail['status'], area: number, extra: { reply?: string } = {}) =>
    handedTo(
      appeal({ id, title, content: `${title}，请尽快处理。`, category: 1, area, submitter, status, age: DAY, ...extra }, now),
      area,
      now,
    );
  dispatchDb.appeals = [
    seed(DISPATCHED_IDS.pending, DISPATCHED.pending, 'pending', 2),
    seed(DISPATCHED_IDS.processing, DISPATCHED.processing, 'processing', 2),
    seed(DISPATCHED_IDS.replied, DISPATCHED.replied, 'replied', 2, { reply: '已安排施工队下周修缮。' }),
    seed(DISPATCHED_IDS.otherVillage, DISPATCHED.otherVillage, 'pending', 4),
  ];
  dispatchDb.reports = [
    handedShot(DISPATCHED_SHOT_IDS.pending, DISPATCHED_SHOTS.pending, 'pending', 2, now),
    handedShot(DISPATCHED_SHOT_IDS.returned, DISPATCHED_SHOTS.returned, 'processing', 2, now),
    handedShot(DISPATCHED_SHOT_IDS.reviewing, DISPATCHED_SHOTS.reviewing, 'reviewing', 2, now),
    handedShot(DISPATCHED_SHOT_IDS.otherVillage, DISPATCHED_SHOTS.otherVillage, 'pending', 4, now),
  ];
}
