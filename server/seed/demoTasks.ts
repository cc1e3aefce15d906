import { eq } from 'drizzle-orm';
import { requiredImageCount, type SubmissionStatus, type TaskStatus, type TaskTemplate, templateHasImages } from '../../common/constants';
import type { FileStorage } from '../lib/storage';
import type { Db } from '../db/client';
import { type DemoPhotoFile, type DemoPhotoSpec, demoPhotoWriter, demoUploadRow } from './demoPhotos';
import { scoreLedger, submissionImages, submissions, taskAreas, taskGroups, tasks, uploads, users } from '../db/schema';

// Demo tasks across villages 2–4 (where the demo cadres live) in every state, with reports in every
// review state and the ledger entries their approvals earned. Times are relative to now.

const HOUR = 3600_000;
const DAY = 24 * HOUR;

interface DemoSubmission {
  by: string;
  status: SubmissionStatus;
  /** Days before now. */
  at: number;
  text: string;
  reviewedAfterHours?: number;
  comment?: string;
  /** Its photos, when they are not fresh scenes taken just before (the duplicate-photo check's demo). */
  photos?: DemoPhotoSpec[];
}

interface DemoTask {
  title: string;
  category: number;
  content: string;
  template: TaskTemplate;
  imageNum: number;
  points: number;
  areas: number[];
  groups?: string[];
  status: TaskStatus;
  /** Days from now (negative: in the past). */
  deadline: number;
  /** Days before now. */
  publishedDaysAgo?: number;
  closedDaysAgo?: number;
  submissions?: DemoSubmission[];
}

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');

/** The scene grid02 photographed for 春耕备耕 and sent again for 清洁村庄. */
const GRID02_SPRING_SCENE = 501;

const DEMO_TASKS: DemoTask[] = [
  {
    title: '年度文明家庭推荐评选',
    category: 12,
    content: p('请各村（社区）按照评选标准推荐1至2户文明家庭，附推荐理由和家庭简介。', '评选结果将在镇政府公示栏和平台公示。'),
    template: '1',
    imageNum: 0,
    points: 5,
    areas: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    status: 'draft',
    deadline: 20,
  },
  {
    title: '“清洁村庄”人居环境集中整治',
    category: 14,
    content: p(
      '结合冬季村庄清洁行动，集中清理房前屋后的<strong>生活垃圾、柴草堆和废弃杂物</strong>，整治沟渠河塘。',
      '完成后请上报整治情况说明，并上传整治后的现场照片2张。',
    ),
    template: '1;2',
    imageNum: 2,
    points: 10,
    areas: [2, 3, 4],
    status: 'published',
    deadline: 7,
    publishedDaysAgo: 5,
    submissions: [
      {
        by: 'cadre02',
        status: 'approved',
        at: 4,
        text: '已组织村民清理主干道两侧垃圾12处、柴草堆8处，疏通沟渠300米。',
        reviewedAfterHours: 20,
        comment: '整治效果明显，照片清晰。',
      },
      {
        by: 'grid02',
        status: 'pending',
        at: 1,
        text: '网格内房前屋后杂物已清理完毕，共出动志愿者15人次。',
        // Last month's photo of 春耕备耕, saved and sent again: flagged as a near-identical photo.
        photos: [{ scene: GRID02_SPRING_SCENE, copy: true }, {}],
      },
      {
        by: 'cadre03',
        status: 'rejected',
        at: 3,
        text: '已完成村内环境整治。',
        reviewedAfterHours: 26,
        comment: '照片未体现整治后的效果，请补拍房前屋后的照片后重新提交。',
      },
    ],
  },
  {
    title: '汛期安全隐患排查',
    category: 11,
    content: p('请网格员对辖区内的山塘水库、危旧房屋和低洼易涝点开展一次全面排查，登记隐患点位和整改措施。'),
    template: '1;2',
    imageNum: 0,
    points: 8,
    areas: [2, 4],
    groups: ['网格员'],
    status: 'published',
    deadline: 3,
    publishedDaysAgo: 6,
    submissions: [
      {
        by: 'grid02',
        status: 'approved',
        at: 5,
        text: '排查山塘2座、危旧房屋3户、易涝点1处，已设置警示标志并报村委会。',
        reviewedAfterHours: 22,
        comment: '排查细致，隐患已转交相关部门跟进。',
      },
      { by: 'grid04', status: 'pending', at: 0.5, text: '排查网格内低洼地段4处，其中1处需加固护坡，已上报。' },
    ],
  },
  {
    title: '党员冬训学习情况上报',
    category: 2,
    content: p('请各村党员按照冬训安排完成集中学习，上报学习时间、参加人数和主要学习内容。'),
    template: '1',
    imageNum: 0,
    points: 5,
    areas: [2, 3, 4],
    groups: ['党员'],
    status: 'published',
    deadline: 10,
    publishedDaysAgo: 2,
    submissions: [
      { by: 'cadre02', status: 'pending', at: 0.8, text: '本村党员集中学习2次，应到28人，实到26人，学习了党的基层组织建设相关内容。' },
      {
        by: 'grid04',
        status: 'approved',
        at: 1.5,
        text: '参加村党支部冬训集中学习1次，撰写心得体会1篇。',
        reviewedAfterHours: 6,
        comment: '学习记录完整。',
      },
    ],
  },
  {
    title: '秸秆禁烧巡查记录',
    category: 6,
    content: p('秋收期间请每日开展秸秆禁烧巡查，上传巡查现场照片2张。', '发现焚烧行为请立即制止并报告镇综合执法队。'),
    template: '2',
    imageNum: 2,
    points: 6,
    areas: [2, 3],
    status: 'published',
    deadline: -1,
    publishedDaysAgo: 10,
    submissions: [
      { by: 'cadre02', status: 'approved', at: 8, text: '', reviewedAfterHours: 30, comment: '巡查到位。' },
      // Photos sent without their EXIF block: no capture time, said as such and never flagged for it.
      { by: 'cadre03', status: 'pending', at: 0.3, text: '', photos: [{ takenDaysBefore: null }, { takenDaysBefore: null }] },
    ],
  },
  {
    title: '城乡居民医保参保动员',
    category: 4,
    content: p('请做好本年度城乡居民医疗保险参保缴费的宣传动员，重点做好脱贫户、低保户的参保工作。'),
    template: '1',
    imageNum: 0,
    points: 3,
    areas: [2, 3, 4, 5, 6],
    status: 'published',
    deadline: 14,
    publishedDaysAgo: 4,
    submissions: [
      {
        by: 'grid02',
        status: 'rejected',
        at: 3,
        text: '已在网格内开展医保参保宣传。',
        reviewedAfterHours: 2,
        comment: '请写明已动员的户数和参保人数。',
      },
      { by: 'grid02', status: 'pending', at: 1, text: '已入户动员86户，完成参保缴费213人，其中脱贫户、低保户全部参保。' },
    ],
  },
  {
    title: '高龄老人补贴信息核查',
    category: 3,
    content: p('请对本村80周岁以上老人的高龄补贴发放信息逐一核查，上传核查台账照片1张。'),
    template: '1;2',
    imageNum: 1,
    points: 5,
    areas: [3, 4],
    status: 'published',
    deadline: 9,
    publishedDaysAgo: 3,
    submissions: [
      {
        by: 'grid04',
        status: 'rejected',
        at: 2.5,
        text: '已核查高龄老人名单。',
        reviewedAfterHours: 4,
        comment: '核查台账缺少身份证后四位比对结果，请补充。',
      },
      {
        by: 'grid04',
        status: 'approved',
        at: 1.2,
        text: '核查80周岁以上老人41人，信息均与发放名单一致，比对结果见台账。',
        reviewedAfterHours: 5,
        comment: '信息核查完整。',
      },
      { by: 'cadre03', status: 'pending', at: 0.2, text: '核查老人37人，发现1人已去世未停发，已报民政办。' },
    ],
  },
  {
    title: '春耕备耕农资情况摸排',
    category: 7,
    content: p('请摸排本村种子、化肥、农药等农资储备情况和农机具检修情况，上传农资储备现场照片2张。'),
    template: '1;2',
    imageNum: 2,
    points: 8,
    areas: [2, 3, 4],
    status: 'closed',
    deadline: -15,
    publishedDaysAgo: 30,
    closedDaysAgo: 14,
    submissions: [
      {
        by: 'cadre02',
        status: 'approved',
        at: 25,
        text: '本村储备化肥60吨、种子3.5吨，农机具检修完成42台。',
        reviewedAfterHours: 24,
        comment: '数据详实。',
      },
      {
        by: 'grid02',
        status: 'approved',
        at: 22,
        photos: [{ scene: GRID02_SPRING_SCENE }, {}],
        text: '网格内农户农资已基本备齐，2户缺少种子已协调解决。',
        reviewedAfterHours: 20,
        comment: '情况清楚。',
      },
      {
        by: 'cadre03',
        status: 'approved',
        at: 20,
        text: '全村农资储备充足，农机合作社检修拖拉机12台。',
        reviewedAfterHours: 18,
        comment: '同意。',
      },
    ],
  },
  {
    title: '反诈宣传进村入户',
    category: 5,
    content: p('请组织开展反电信网络诈骗宣传进村入户活动，上报宣传户数和发放资料数量。'),
    template: '1',
    imageNum: 0,
    points: 4,
    areas: [2, 3],
    status: 'closed',
    deadline: -5,
    publishedDaysAgo: 20,
    closedDaysAgo: 4,
    submissions: [
      {
        by: 'cadre02',
        status: 'approved',
        at: 15,
        text: '入户宣传320户，发放宣传资料450份，组织集中宣讲1场。',
        reviewedAfterHours: 28,
        comment: '宣传覆盖面广。',
      },
      {
        by: 'cadre03',
        status: 'rejected',
        at: 12,
        text: '已完成宣传。',
        reviewedAfterHours: 30,
        comment: '宣传覆盖户数与台账不符，请核实。',
      },
    ],
  },
  {
    title: '乡村振兴示范点建设进度上报',
    category: 10,
    content: p('请示范村上报示范点建设进度、资金使用情况和存在的困难。'),
    template: '1',
    imageNum: 0,
    points: 10,
    areas: [2, 3, 4],
    status: 'published',
    deadline: 20,
    publishedDaysAgo: 1,
  },
  {
    title: '信访矛盾纠纷排查化解',
    category: 13,
    content: p('请排查辖区内的邻里、土地、婚姻家庭等矛盾纠纷，登记化解情况。'),
    template: '1',
    imageNum: 0,
    points: 0,
    areas: [4],
    status: 'published',
    deadline: 12,
    publishedDaysAgo: 7,
    submissions: [
      {
        by: 'grid04',
        status: 'approved',
        at: 6,
        text: '排查纠纷3起，已调解化解2起，1起土地纠纷移交镇司法所。',
        reviewedAfterHours: 10,
        comment: '化解及时。',
      },
    ],
  },
  {
    title: '村级财务公开情况检查',
    category: 9,
    content: p('请村两委成员检查本村上季度财务公开栏，上传公开栏照片1张。'),
    template: '2',
    imageNum: 1,
    points: 3,
    areas: [2],
    groups: ['村两委'],
    status: 'published',
    deadline: 5,
    publishedDaysAgo: 2,
    // A photo of the notice board taken six weeks ago, before this task was published.
    submissions: [{ by: 'cadre02', status: 'pending', at: 0.6, text: '', photos: [{ takenDaysBefore: 45 }] }],
  },
];

const MANUAL_ADJUSTMENT = { to: 'grid02', delta: 5, reason: '参加全镇网格员业务培训考核优秀', daysAgo: 2 };
const REVIEWER = 'staff01';

export async function seedDemoTasks(
  db: Db,
  storage: FileStorage,
  ids: { users: Map<string, number>; groups: Map<string, number> },
): Promise<void> {
  const now = Date.now();
  const ago = (days: number) => new Date(now - days * DAY);
  const userId = (account: string) => ids.users.get(account) as number;
  const userArea = new Map([
    ['cadre02', 2],
    ['grid02', 2],
    ['cadre03', 3],
    ['grid04', 4],
  ]);
  const putPhoto = demoPhotoWriter(storage, 1000);
  const plannedPhotos = new Map<DemoSubmission, DemoPhotoFile[]>();
  for (const task of DEMO_TASKS) {
    const count = templateHasImages(task.template) ? requiredImageCount(task.imageNum) : 0;
    for (const submission of task.submissions ?? []) {
      const files: DemoPhotoFile[] = [];
      for (let i = 0; i < count; i++) files.push(await putPhoto(submission.photos?.[i]));
      plannedPhotos.set(submission, files);
    }
  }

  await db.transaction(async (tx) => {
    // Manual corrections are the admin's (POST /api/scores/adjust is admin only).
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.account, 'admin'));
    const points = new Map<number, number>();
    const addPoints = (user: number, delta: number) => points.set(user, (points.get(user) ?? 0) + delta);
    for (const [index, task] of DEMO_TASKS.entries()) {
      const publishedAt = task.publishedDaysAgo !== undefined ? ago(task.publishedDaysAgo) : null;
      const createdAt = publishedAt ? new Date(publishedAt.getTime() - DAY) : ago(1);
      const deadline = new Date(now + task.deadline * DAY);
      const [row] = await tx
        .insert(tasks)
        .values({
          title: task.title,
          category: task.category,
          content: task.content,
          template: task.template,
          imageNum: task.imageNum,
          points: task.points,
          deadline,
          status: task.status,
          publisherId: userId(index % 3 === 0 ? 'staff02' : 'staff01'),
          publishedAt,
          closedAt: task.closedDaysAgo !== undefined ? ago(task.closedDaysAgo) : null,
          createdAt,
          updatedAt: publishedAt ?? createdAt,
        })
        .returning({ id: tasks.id });
      await tx.insert(taskAreas).values(task.areas.map((area) => ({ taskId: row.id, area })));
      if (task.groups?.length) {
        await tx.insert(taskGroups).values(task.groups.map((name) => ({ taskId: row.id, groupId: ids.groups.get(name) as number })));
      }
      for (const [n, demo] of (task.submissions ?? []).entries()) {
        const submitter = userId(demo.by);
        const createdAt = ago(demo.at);
        const reviewedAt = demo.reviewedAfterHours ? new Date(createdAt.getTime() + demo.reviewedAfterHours * HOUR) : null;
        const [submission] = await tx
          .insert(submissions)
          .values({
            taskId: row.id,
            userId: submitter,
            area: userArea.get(demo.by) as number,
            text: demo.text,
            status: demo.status,
            late: createdAt > deadline,
            reviewerId: demo.status === 'pending' ? null : userId(REVIEWER),
            comment: demo.comment ?? '',
            reviewedAt: demo.status === 'pending' ? null : reviewedAt,
            clientKey: `demo-${row.id}-${n}`,
            createdAt,
            updatedAt: reviewedAt ?? createdAt,
          })
          .returning({ id: submissions.id });
        const files = plannedPhotos.get(demo) ?? [];
        for (const [position, file] of files.entries()) {
          const uploadedAt = new Date(createdAt.getTime() - 5 * 60_000);
          const [upload] = await tx
            .insert(uploads)
            .values(demoUploadRow(file, submitter, uploadedAt, `现场照片${position + 1}.jpg`))
            .returning({ id: uploads.id });
          await tx.insert(submissionImages).values({ submissionId: submission.id, uploadId: upload.id, position });
        }
        if (demo.status === 'approved' && task.points !== 0) {
          await tx.insert(scoreLedger).values({
            userId: submitter,
            delta: task.points,
            reason: `完成任务「${task.title}」`,
            source: 'task',
            submissionId: submission.id,
            createdAt: reviewedAt ?? createdAt,
          });
          addPoints(submitter, task.points);
        }
      }
    }
    const adjusted = userId(MANUAL_ADJUSTMENT.to);
    await tx.insert(scoreLedger).values({
      userId: adjusted,
      delta: MANUAL_ADJUSTMENT.delta,
      reason: MANUAL_ADJUSTMENT.reason,
      source: 'manual',
      operatorId: admin?.id ?? null,
      createdAt: ago(MANUAL_ADJUSTMENT.daysAgo),
    });
    addPoints(adjusted, MANUAL_ADJUSTMENT.delta);
    // users.points is the sum of the entries just written.
    for (const [user, total] of points) {
      await tx.update(users).set({ points: total }).where(eq(users.id, user));
    }
  });
}
