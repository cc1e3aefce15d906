import { eq } from 'drizzle-orm';
import { type AppealStatus, APPEAL_DUE_WORKING_DAYS_DEFAULT, type OpinionSentiment, type PhotoReportStatus } from '../../common/constants';
import { watchAppeal } from '../services/people/appeals';
import { watchPhotoReport } from '../services/people/photoReports';
import type { FileStorage } from '../lib/storage';
import { loadWorkCalendar } from '../services/system/workCalendar';
import { addWorkingDays } from '../lib/workingDays';
import type { Db, Tx } from '../db/client';
import { type DemoHandOver, handDownDemoAppeals } from './demoDispatch';
import { type DemoPhotoFile, type DemoPhotoSpec, demoPhotoWriter, demoUploadRow } from './demoPhotos';
import { appealImages, appeals, opinionKeywords, opinions, photoReportImages, photoReports, serviceEvents, uploads } from '../db/schema';

// Demo people services: villagers' appeals in every state (two overdue, some rated, one with a
// photo sent before), two of them handed down to 第一村 (one waiting for its cadres, one they
// answered), photo reports handled and waiting, watch keywords with the items they caught, and
// items staff recorded by hand. Times are relative to now, so 超期 and the trend read right on any day.

const HOUR = 3600_000;
const DAY = 24 * HOUR;

interface DemoAppeal {
  by: string;
  title: string;
  content: string;
  category: number;
  area: number;
  /** Days before now. */
  at: number;
  status: AppealStatus;
  images?: number;
  /** Its photos, when they are not fresh scenes (the duplicate-photo check's demo). */
  imageSpecs?: DemoPhotoSpec[];
  handler?: string;
  reply?: string;
  rejectReason?: string;
  rating?: [number, string];
  /** Handed down to a village after it was written (pending then; the steps set its state). */
  handOver?: DemoHandOver;
}

/** The scene of villager03's overflowing bin, sent again with a later appeal. */
const VILLAGER03_BIN_SCENE = 602;

const DEMO_APPEALS: DemoAppeal[] = [
  {
    by: 'villager02',
    area: 2,
    category: 1,
    at: 0.2,
    status: 'pending',
    images: 2,
    title: '村口路灯不亮',
    content: '村口到小学路段的三盏路灯已经坏了一个多星期，晚上孩子放学和老人散步都看不清路，希望尽快修好。',
  },
  {
    by: 'villager03',
    area: 3,
    category: 2,
    at: 0.6,
    status: 'pending',
    images: 1,
    // The photo of the overflowing bin sent twelve days before (flagged as near-identical).
    imageSpecs: [{ scene: VILLAGER03_BIN_SCENE, copy: true }],
    title: '河道里有人倾倒建筑垃圾',
    content: '村东头小河边这几天有人晚上偷偷倒建筑垃圾，已经堆了好几车，下雨后污水流进河里，请派人查看处理。',
  },
  {
    by: 'villager02',
    area: 2,
    category: 1,
    at: 6,
    status: 'pending',
    images: 1,
    title: '自来水管漏水一直没人修',
    content: '三组王家门口的自来水管漏水半个月了，路面一直是湿的，冬天结冰容易滑倒，反映过一次没人来修。',
    // Waiting for 第一村's cadres (cadre02), past its due time: the town's clock runs on.
    handOver: { by: 'staff01', area: 2, at: 1, note: '请村里尽快联系自来水公司上门维修，并答复群众。' },
  },
  {
    by: 'villager02',
    area: 2,
    category: 1,
    at: 5,
    status: 'pending',
    title: '小学门口减速带被压坏了',
    content: '村小学门口的减速带被货车压断了两截，放学时车开得很快，家长们都很担心孩子的安全。',
    // Answered by the village itself, waiting for the villager's rating.
    handOver: {
      by: 'staff01',
      area: 2,
      at: 4.5,
      note: '请村里核实后安排修复。',
      accept: { by: 'cadre02', at: 4 },
      reply: { by: 'cadre02', at: 1.5, text: '村里已购置新的减速带，昨天已在小学门口重新安装，并加装了“学校路段 减速慢行”提示牌。' },
    },
  },
  {
    by: 'villager03',
    area: 3,
    category: 3,
    at: 5,
    status: 'processing',
    handler: 'staff01',
    title: '邻居占用公共通道堆放柴草',
    content: '邻居在我们两家之间的公共通道上堆放柴草，车辆进不去，也有火灾隐患，协商多次没有结果，请村里帮忙调解。',
  },
  {
    by: 'villager02',
    area: 2,
    category: 4,
    at: 1.5,
    status: 'processing',
    handler: 'staff02',
    title: '咨询城乡居民医保缴费',
    content: '家里老人明年的城乡居民医保怎么缴费？能不能在手机上缴，截止时间是哪天？',
  },
  {
    by: 'villager03',
    area: 3,
    category: 1,
    at: 4,
    status: 'replied',
    handler: 'staff01',
    images: 1,
    title: '村道有坑洼影响通行',
    content: '通往二组的水泥路有好几处坑洼，雨天积水，电动车经过很危险。',
    reply: '已安排施工队于本周五对二组村道坑洼处进行修补，施工期间请绕行，感谢您的反映。',
  },
  {
    by: 'villager02',
    area: 2,
    category: 7,
    at: 9,
    status: 'closed',
    handler: 'staff01',
    title: '希望增设快递代收点',
    content: '村里到镇上取快递要走很远，老人取件不方便，希望在村委会附近设一个快递代收点。',
    reply: '经与镇邮政所协调，已在村委会便民服务室设立快递代收点，每天9:00—17:00可取件。',
    rating: [5, '办得很快，谢谢！'],
  },
  {
    by: 'villager03',
    area: 3,
    category: 2,
    at: 12,
    status: 'closed',
    handler: 'staff02',
    images: 2,
    imageSpecs: [{ scene: VILLAGER03_BIN_SCENE }],
    title: '垃圾桶满了没人清运',
    content: '四组路口的垃圾桶连续几天没有清运，垃圾溢出来了，气味很大。',
    reply: '已督促保洁公司当天清运，并将该点位清运频次调整为每天一次。',
    rating: [4, '清运了，希望以后保持。'],
  },
  {
    by: 'villager02',
    area: 2,
    category: 5,
    at: 15,
    status: 'closed',
    handler: 'staff01',
    title: '夜间有陌生车辆在村里转悠',
    content: '最近几个晚上有陌生面包车在村里来回转，大家有点担心，希望加强巡逻。',
    reply: '已通报派出所，近期夜间增加一次巡逻，并在村口加装了监控，请村民注意关好门窗。',
  },
  {
    by: 'villager03',
    area: 3,
    category: 7,
    at: 7,
    status: 'rejected',
    handler: 'staff02',
    title: '要求给我家修围墙',
    content: '我家院子的围墙旧了，希望村里出钱帮忙重新砌。',
    rejectReason: '私人房屋围墙属于个人财产，不在公共服务范围内；如属危房可申请危房改造，请联系村委会了解政策。',
  },
];

interface DemoPhotoReport {
  by: string;
  type: number;
  area: number;
  at: number;
  description: string;
  location: string;
  status: PhotoReportStatus;
  photos: number;
  /** Its photos, when they are not fresh scenes taken just before (the duplicate-photo check's demo). */
  photoSpecs?: DemoPhotoSpec[];
  handler?: string;
  result?: string;
  resultPhotos?: number;
  invalidReason?: string;
}

/** The scene of villager02's leaning pole, sent again with a later report. */
const VILLAGER02_POLE_SCENE = 601;

const DEMO_REPORTS: DemoPhotoReport[] = [
  {
    by: 'villager02',
    type: 2,
    area: 2,
    at: 0.1,
    photos: 2,
    // The second photo is the one sent with the leaning pole a week before (flagged as near-identical).
    photoSpecs: [{}, { scene: VILLAGER02_POLE_SCENE, copy: true }],
    status: 'pending',
    description: '桥边护栏断了一截，旁边就是深水沟，很危险。',
    location: '第一村三组石桥',
  },
  {
    by: 'grid02',
    type: 1,
    area: 2,
    at: 0.8,
    photos: 1,
    // Taken two months before it was sent (flagged as old).
    photoSpecs: [{ takenDaysBefore: 60 }],
    status: 'pending',
    description: '路边绿化带里有人乱扔垃圾袋，已经堆成小山。',
    location: '第一村村委会西侧',
  },
  {
    by: 'villager03',
    type: 3,
    area: 3,
    at: 2,
    photos: 3,
    status: 'pending',
    description: '公厕洗手池水龙头漏水，一直在流。',
    location: '第二村文化广场公厕',
  },
  {
    by: 'grid04',
    type: 1,
    area: 4,
    at: 5,
    photos: 2,
    status: 'handled',
    handler: 'staff01',
    resultPhotos: 1,
    description: '河面漂浮大量生活垃圾。',
    location: '第三村南河段',
    result: '已组织保洁人员打捞清理，并在河边增设垃圾桶两个。',
  },
  {
    by: 'villager02',
    type: 2,
    area: 2,
    at: 8,
    photos: 1,
    photoSpecs: [{ scene: VILLAGER02_POLE_SCENE }],
    status: 'handled',
    handler: 'staff02',
    description: '电线杆倾斜，电线垂得很低。',
    location: '第一村二组路口',
    result: '已联系供电所扶正电杆并重新架线，隐患已消除。',
  },
  {
    by: 'villager03',
    type: 4,
    area: 3,
    at: 10,
    photos: 1,
    status: 'invalid',
    handler: 'staff01',
    description: '拍错了',
    location: '',
    invalidReason: '照片与描述无关，未发现需处理的问题。',
  },
];

const DEMO_KEYWORDS = [
  { keyword: '漏水', daysAgo: 20 },
  { keyword: '垃圾', daysAgo: 20 },
  { keyword: '塌方', daysAgo: 14 },
];

const DEMO_OPINIONS: Array<{
  source: number;
  title: string;
  summary: string;
  link?: string;
  sentiment: OpinionSentiment;
  level: number;
  area: number | null;
  at: number;
  handled?: boolean;
}> = [
  {
    source: 1,
    title: '网帖：镇上农贸市场周边停车难',
    summary: '本地论坛有网帖反映农贸市场周边早高峰停车难、占道经营，跟帖二十余条。',
    link: 'https://bbs.example.cn/thread/2841',
    sentiment: 'negative',
    level: 2,
    area: 1,
    at: 3,
  },
  {
    source: 2,
    title: '来电称第二村灌溉渠堵塞',
    summary: '村民来电称灌溉渠被淤泥堵塞，影响小麦冬灌。',
    sentiment: 'negative',
    level: 1,
    area: 3,
    at: 1,
    handled: true,
  },
  {
    source: 3,
    title: '走访：村民点赞新修的文化广场',
    summary: '走访中多名村民表示文化广场修好后晚上有地方跳广场舞了，很满意。',
    sentiment: 'positive',
    level: 1,
    area: 2,
    at: 6,
  },
  {
    source: 1,
    title: '短视频：第三村冬季清洁行动',
    summary: '本地短视频账号发布第三村清洁行动视频，评论以点赞为主。',
    link: 'https://video.example.cn/v/88213',
    sentiment: 'positive',
    level: 1,
    area: 4,
    at: 10,
    handled: true,
  },
  {
    source: 2,
    title: '咨询：冬季取暖补贴发放时间',
    summary: '多位老人来电询问取暖补贴何时发放。',
    sentiment: 'neutral',
    level: 1,
    area: null,
    at: 2,
  },
  {
    source: 3,
    title: '走访：第一村部分路段积水',
    summary: '雨后第一村一组路段积水较深，群众出行不便。',
    sentiment: 'negative',
    level: 2,
    area: 2,
    at: 18,
    handled: true,
  },
];

async function setOpinionTime(tx: Tx, id: number | undefined, at: Date) {
  if (id !== undefined) await tx.update(opinions).set({ createdAt: at, updatedAt: at }).where(eq(opinions.id, id));
}

export async function seedDemoPeople(db: Db, storage: FileStorage, ids: { users: Map<string, number> }): Promise<void> {
  const now = Date.now();
  const ago = (days: number) => new Date(now - days * DAY);
  const userId = (account: string) => ids.users.get(account) as number;
  const putPhoto = demoPhotoWriter(storage, 2000);
  const calendar = await loadWorkCalendar(db);
  const planFiles = async (count: number, specs: DemoPhotoSpec[] = []) => {
    const files: DemoPhotoFile[] = [];
    for (let i = 0; i < count; i++) files.push(await putPhoto(specs[i]));
    return files;
  };
  // One after another, so that each record gets the same scenes on every new database.
  const appealFiles: DemoPhotoFile[][] = [];
  for (const appeal of DEMO_APPEALS) appealFiles.push(await planFiles(appeal.images ?? 0, appeal.imageSpecs));
  const reportFiles: DemoPhotoFile[][] = [];
  for (const report of DEMO_REPORTS) reportFiles.push(await planFiles(report.photos, report.photoSpecs));
  const resultFiles: DemoPhotoFile[][] = [];
  for (const report of DEMO_REPORTS) resultFiles.push(await planFiles(report.resultPhotos ?? 0));

  const handOvers: Array<{ appealId: number; plan: DemoHandOver }> = [];
  await db.transaction(async (tx) => {
    const insertUploads = async (files: DemoPhotoFile[], ownerId: number, at: Date) => {
      const uploadIds: number[] = [];
      for (const [i, file] of files.entries()) {
        const [row] = await tx
          .insert(uploads)
          .values(demoUploadRow(file, ownerId, at, `照片${i + 1}.jpg`))
          .returning({ id: uploads.id });
        uploadIds.push(row.id);
      }
      return uploadIds;
    };

    for (const { keyword, daysAgo } of DEMO_KEYWORDS) {
      await tx.insert(opinionKeywords).values({ keyword, createdById: userId('staff01'), createdAt: ago(daysAgo) });
    }

    for (const [index, demo] of DEMO_APPEALS.entries()) {
      const submitter = userId(demo.by);
      const createdAt = ago(demo.at);
      const step = (fraction: number) => new Date(createdAt.getTime() + (now - createdAt.getTime()) * fraction);
      const handler = demo.handler ? userId(demo.handler) : null;
      const acceptedAt = demo.status !== 'pending' && !(demo.status === 'rejected') ? step(0.2) : null;
      const repliedAt = demo.reply ? step(0.5) : null;
      const rejectedAt = demo.status === 'rejected' ? step(0.3) : null;
      const ratedAt = demo.rating ? step(0.7) : null;
      const closedAt = demo.status === 'closed' ? (ratedAt ?? step(0.8)) : null;
      const [row] = await tx
        .insert(appeals)
        .values({
          submitterId: submitter,
          title: demo.title,
          content: demo.content,
          category: demo.category,
          area: demo.area,
          phone: `1390000${String(200 + demo.area).padStart(4, '0')}`,
          status: demo.status,
          handlerId: handler,
          reply: demo.reply ?? null,
          rejectReason: demo.rejectReason ?? null,
          dueAt: addWorkingDays(createdAt, APPEAL_DUE_WORKING_DAYS_DEFAULT, calendar),
          acceptedAt,
          repliedAt,
          closedAt,
          rejectedAt,
          satisfaction: demo.rating?.[0] ?? null,
          satisfactionComment: demo.rating?.[1] ?? null,
          ratedAt,
          clientKey: `demo-appeal-${index}`,
          createdAt,
          updatedAt: closedAt ?? repliedAt ?? rejectedAt ?? acceptedAt ?? createdAt,
        })
        .returning({ id: appeals.id });
      const uploadIds = await insertUploads(appealFiles[index], submitter, createdAt);
      if (uploadIds.length)
        await tx.insert(appealImages).values(uploadIds.map((uploadId, position) => ({ appealId: row.id, uploadId, position })));
      const events: Array<typeof serviceEvents.$inferInsert> = [{ appealId: row.id, action: 'submit', actorId: submitter, createdAt }];
      if (acceptedAt) events.push({ appealId: row.id, action: 'accept', actorId: handler, createdAt: acceptedAt });
      if (rejectedAt) events.push({ appealId: row.id, action: 'reject', actorId: handler, note: demo.rejectReason, createdAt: rejectedAt });
      if (repliedAt) events.push({ appealId: row.id, action: 'reply', actorId: handler, note: demo.reply, createdAt: repliedAt });
      if (ratedAt) {
        events.push({ appealId: row.id, action: 'rate', actorId: submitter, note: demo.rating?.[1], createdAt: ratedAt });
        events.push({ appealId: row.id, action: 'close', actorId: null, note: '群众评价后自动办结', createdAt: ratedAt });
      } else if (closedAt) {
        events.push({ appealId: row.id, action: 'close', actorId: handler, createdAt: closedAt });
      }
      await tx.insert(serviceEvents).values(events);
      if (demo.handOver) handOvers.push({ appealId: row.id, plan: demo.handOver });
      const opinionId = await watchAppeal(tx, { id: row.id, title: demo.title, content: demo.content, area: demo.area });
      await setOpinionTime(tx, opinionId, createdAt);
    }

    for (const [index, demo] of DEMO_REPORTS.entries()) {
      const submitter = userId(demo.by);
      const createdAt = ago(demo.at);
      const handledAt = demo.status === 'pending' ? null : new Date(createdAt.getTime() + (now - createdAt.getTime()) * 0.4);
      const handler = demo.handler ? userId(demo.handler) : null;
      const [row] = await tx
        .insert(photoReports)
        .values({
          submitterId: submitter,
          description: demo.description,
          type: demo.type,
          area: demo.area,
          location: demo.location,
          status: demo.status,
          handlerId: handler,
          result: demo.result ?? null,
          invalidReason: demo.invalidReason ?? null,
          handledAt,
          clientKey: `demo-report-${index}`,
          createdAt,
          updatedAt: handledAt ?? createdAt,
        })
        .returning({ id: photoReports.id });
      const photoIds = await insertUploads(reportFiles[index], submitter, createdAt);
      await tx
        .insert(photoReportImages)
        .values(photoIds.map((uploadId, position) => ({ reportId: row.id, kind: 'report', uploadId, position })));
      if (handler && handledAt && resultFiles[index].length) {
        const resultIds = await insertUploads(resultFiles[index], handler, handledAt);
        await tx
          .insert(photoReportImages)
          .values(resultIds.map((uploadId, position) => ({ reportId: row.id, kind: 'result', uploadId, position })));
      }
      const events: Array<typeof serviceEvents.$inferInsert> = [{ photoReportId: row.id, action: 'submit', actorId: submitter, createdAt }];
      if (handledAt) {
        events.push({
          photoReportId: row.id,
          action: demo.status === 'handled' ? 'handle' : 'invalid',
          actorId: handler,
          note: demo.result ?? demo.invalidReason,
          createdAt: handledAt,
        });
      }
      await tx.insert(serviceEvents).values(events);
      const opinionId = await watchPhotoReport(tx, {
        id: row.id,
        type: demo.type,
        description: demo.description,
        location: demo.location,
        area: demo.area,
      });
      await setOpinionTime(tx, opinionId, createdAt);
    }

    for (const demo of DEMO_OPINIONS) {
      const createdAt = ago(demo.at);
      await tx.insert(opinions).values({
        source: demo.source,
        title: demo.title,
        summary: demo.summary,
        link: demo.link ?? '',
        sentiment: demo.sentiment,
        level: demo.level,
        area: demo.area,
        status: demo.handled ? 'handled' : 'monitoring',
        createdById: userId('staff01'),
        handledAt: demo.handled ? new Date(createdAt.getTime() + DAY) : null,
        createdAt,
        updatedAt: createdAt,
      });
    }
  });
  await handDownDemoAppeals(db, handOvers, userId);
}
