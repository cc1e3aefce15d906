import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { NewsStatus } from '../../common/constants';
import { CENTRE_ID } from '../services/content/introductions';
import { plainText } from '../lib/sanitize';
import { type FileStorage, uploadUrl } from '../lib/storage';
import type { Db, Tx } from '../db/client';
import { centreIntroduction, centreIntroductionImages, news, orgUnits, uploads, users, villageIntroductions } from '../db/schema';

// Demo content (docs/product.md §5): news in every column and state across several villages (three
// pinned with covers for the phone's banner), the centre's introduction, five village introductions
// with their figures, and an organisation chart three levels deep. Times are relative to now.

const HOUR = 3600_000;
const DAY = 24 * HOUR;

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');

interface DemoNews {
  title: string;
  column: 1 | 2 | 3 | 4;
  /** null: town-wide. */
  area: number | null;
  status: NewsStatus;
  pinned?: boolean;
  /** Index into the cover pictures. */
  cover?: number;
  /** Days before now of the first publication (published and offline items). */
  publishedDaysAgo?: number;
  views?: number;
  by: 'staff01' | 'staff02';
  summary?: string;
  content: string;
}

/** Replaced by the first inline picture's address. */
const INLINE_IMAGE = '{{inline}}';

const DEMO_NEWS: DemoNews[] = [
  {
    title: '镇综合治理中心正式启用 群众诉求实现“一站式”受理',
    column: 1,
    area: null,
    status: 'published',
    pinned: true,
    cover: 0,
    publishedDaysAgo: 1.2,
    views: 386,
    by: 'staff01',
    summary: '中心整合综治、信访、网格、调解等力量，设立综合受理窗口，群众反映问题“只进一扇门”。',
    content:
      p(
        '近日，镇综合治理中心正式启用。中心整合综治办、信访办、网格管理中心、矛盾纠纷调解等力量，设立综合受理窗口、调解室和指挥调度室，群众反映问题实现<strong>“只进一扇门、最多跑一地”</strong>。',
        '中心实行“统一受理、分类流转、限时办结、跟踪回访”工作机制：一般诉求3个工作日内答复，复杂事项由中心牵头召集相关部门会商解决。',
      ) +
      `<p><img src="${INLINE_IMAGE}" alt="中心综合受理窗口" style="width: 100%;"/></p>` +
      p('群众也可以通过手机登录本平台，在“便民服务”中提交诉求和随手拍，随时查看办理进度。'),
  },
  {
    title: '关于做好今冬明春森林防火工作的通知',
    column: 2,
    area: null,
    status: 'published',
    pinned: true,
    cover: 1,
    publishedDaysAgo: 3,
    views: 512,
    by: 'staff02',
    content: p(
      '各村（社区）：',
      '当前已进入森林防火高火险期。为切实保护人民群众生命财产安全，现就有关事项通知如下：',
      '一、严格野外用火管理。林区及林缘100米范围内严禁烧荒、烧秸秆、燃放烟花爆竹和祭祀用火。',
      '二、落实网格巡查责任。各村网格员每日巡查责任区，发现火情立即报告镇应急管理办公室（电话：0731-84561119）。',
      '三、做好扑火准备。各村应急分队要确保人员在岗、物资到位，24小时值班值守。',
      '特此通知。',
    ),
  },
  {
    title: '城乡居民医保集中参保缴费开始啦',
    column: 3,
    area: null,
    status: 'published',
    pinned: true,
    cover: 2,
    publishedDaysAgo: 5,
    views: 947,
    by: 'staff01',
    content:
      p('明年度城乡居民基本医疗保险集中参保缴费工作已经开始，请广大群众及时缴费，避免待遇中断。') +
      '<h3>缴费方式</h3><ul><li>手机缴费：通过税务部门官方App或微信小程序自助缴纳；</li><li>现场缴费：到镇便民服务中心或所在村（社区）服务窗口办理。</li></ul>' +
      p('特困人员、低保对象等困难群众由政府按规定资助参保，具体可咨询所在村（社区）。'),
  },
  {
    title: '第一村开展人居环境整治“百日攻坚”行动',
    column: 1,
    area: 2,
    status: 'published',
    cover: 3,
    publishedDaysAgo: 2,
    views: 143,
    by: 'staff01',
    content: p(
      '第一村组织党员、网格员和志愿者60余人，集中清理房前屋后垃圾、柴草堆和废弃杂物，疏通沟渠1.2公里。',
      '村里同步开展“美丽庭院”评比，每月评出10户示范户并张榜公示。',
    ),
  },
  {
    title: '第一村第三季度村务、财务公开',
    column: 4,
    area: 2,
    status: 'published',
    publishedDaysAgo: 9,
    views: 88,
    by: 'staff02',
    content:
      p('根据村务公开有关规定，现将本村第三季度村务、财务收支情况公开如下，接受全体村民监督：') +
      '<table style="width: 100%;"><tbody><tr><th>项目</th><th>金额（元）</th></tr><tr><td>上级转移支付收入</td><td>156,000</td></tr><tr><td>村集体经营收入</td><td>48,600</td></tr><tr><td>道路维修支出</td><td>62,300</td></tr><tr><td>环境卫生保洁支出</td><td>18,000</td></tr></tbody></table>' +
      p('如有疑问，请在公开之日起15日内向村务监督委员会反映。'),
  },
  {
    title: '第二村集体经济项目收益分配方案公示',
    column: 4,
    area: 3,
    status: 'published',
    publishedDaysAgo: 6,
    views: 121,
    by: 'staff01',
    content: p(
      '经村民代表大会讨论通过，本村光伏发电项目今年收益共计21.6万元，按以下方案分配：',
      '一、提取30%作为村集体发展基金；二、提取20%用于村内公益事业；三、其余50%按在册人口平均分红。',
      '公示期7天，对方案有异议的，请向村委会或村务监督委员会书面反映。',
    ),
  },
  {
    title: '第三村网格员走访独居老人 送去冬日温暖',
    column: 1,
    area: 4,
    status: 'published',
    publishedDaysAgo: 4,
    views: 76,
    by: 'staff02',
    content: p(
      '入冬以来，第三村网格员逐户走访辖区内28位独居和空巢老人，检查取暖用电安全，帮助更换老化电线4处。',
      '网格员还为老人们建立了“一人一档”联系卡，遇到困难可随时拨打网格员电话。',
    ),
  },
  {
    title: '《农村集体经济组织法》要点解读',
    column: 3,
    area: null,
    status: 'published',
    publishedDaysAgo: 12,
    views: 265,
    by: 'staff01',
    content:
      p('《中华人民共和国农村集体经济组织法》已正式施行。这部法律与农民群众的切身利益密切相关，下面为大家梳理几个要点：') +
      '<ol><li>明确了农村集体经济组织成员的确认条件和程序；</li><li>规定了成员享有的权利和应当履行的义务；</li><li>规范了集体财产的经营管理和收益分配。</li></ol>' +
      p('各村将陆续组织专题学习，欢迎村民参加。'),
  },
  {
    title: '关于调整镇便民服务中心冬季办公时间的通知',
    column: 2,
    area: null,
    status: 'published',
    publishedDaysAgo: 15,
    views: 198,
    by: 'staff02',
    content: p(
      '自下周一起，镇便民服务中心执行冬季办公时间：上午8:30—12:00，下午14:00—17:30。',
      '周六上午安排值班窗口，办理社保、医保、民政等群众急需事项。',
    ),
  },
  {
    title: '第四村召开村民代表大会 审议通过村规民约修订稿',
    column: 1,
    area: 5,
    status: 'published',
    publishedDaysAgo: 7,
    views: 64,
    by: 'staff01',
    content: p(
      '第四村召开村民代表大会，应到代表45人，实到42人，审议通过了新修订的村规民约。',
      '修订稿增加了移风易俗、垃圾分类、邻里互助等内容，将印发到每家每户。',
    ),
  },
  {
    title: '镇社区开展反诈宣传进小区活动',
    column: 3,
    area: 1,
    status: 'published',
    publishedDaysAgo: 10,
    views: 57,
    by: 'staff02',
    content: p(
      '镇社区联合派出所民警走进各居民小区，通过发放宣传册、现场讲解典型案例等方式，提醒居民警惕刷单返利、冒充客服等常见诈骗手法。',
      '牢记“三不一多”：未知链接不点击，陌生来电不轻信，个人信息不透露，转账汇款多核实。',
    ),
  },
  {
    title: '关于国庆假期值班安排的通知',
    column: 2,
    area: null,
    status: 'offline',
    publishedDaysAgo: 60,
    views: 302,
    by: 'staff02',
    content: p('国庆假期期间，镇综合治理中心实行24小时值班制度，值班电话：0731-84561000。'),
  },
  {
    title: '第二村秋季农产品展销会圆满举办',
    column: 1,
    area: 3,
    status: 'offline',
    publishedDaysAgo: 45,
    views: 133,
    by: 'staff01',
    content: p('第二村秋季农产品展销会吸引周边群众3000余人次，现场销售稻米、茶油、土鸡等农产品12万余元。'),
  },
  {
    title: '全镇“最美网格员”评选活动即将启动',
    column: 1,
    area: null,
    status: 'draft',
    by: 'staff01',
    content: p('为表彰扎根基层、服务群众的优秀网格员，镇综合治理中心将开展“最美网格员”评选活动，具体方案另行通知。'),
  },
  {
    title: '第三村低保对象民主评议结果公示',
    column: 4,
    area: 4,
    status: 'draft',
    by: 'staff02',
    content: p('经村民代表民主评议，拟将以下家庭纳入（或继续纳入）最低生活保障范围，现予以公示（名单待核实后补充）。'),
  },
  {
    title: '耕地保护政策问答',
    column: 3,
    area: null,
    status: 'draft',
    by: 'staff02',
    content: p(
      '问：在承包地上建房需要办理什么手续？',
      '答：农村村民建住宅应当符合乡镇国土空间规划，优先使用空闲地，严禁占用永久基本农田。',
    ),
  },
];

const CENTRE = {
  title: '镇综合治理中心简介',
  content:
    p(
      '镇综合治理中心是全镇社会治理的综合平台，整合综治、信访、网格、调解、应急和综合执法等力量，统一受理群众诉求，统一调度处置矛盾纠纷和安全隐患，推动“小事不出村、大事不出镇、矛盾不上交”。',
    ) +
    '<h3>主要职能</h3><ul><li>统一受理群众来访、来电和网上诉求，分类流转、限时办结；</li><li>组织开展矛盾纠纷排查化解和社会治安防控；</li><li>指导各村（社区）网格化服务管理，调度网格员开展巡查走访；</li><li>汇集全镇治理数据，通过数据大屏实时掌握工作动态。</li></ul>' +
    '<h3>办公地点与时间</h3>' +
    p('镇政府大院一楼东侧。工作日 8:30—12:00、14:00—17:30，节假日安排值班。', '咨询电话：0731-84561000'),
};

interface DemoVillage {
  area: number;
  content: string;
  population: number;
  households: number;
  landArea: number;
  partyMembers: number;
  leader: string;
  phone: string;
}

const DEMO_VILLAGES: DemoVillage[] = [
  {
    area: 1,
    content: p(
      '镇社区位于镇政府所在地，是全镇的政治、经济和文化中心，辖6个居民小组、3个商住小区。',
      '社区建有党群服务中心、日间照料中心和“新时代文明实践站”，常态化开展便民服务和志愿活动。',
    ),
    population: 4860,
    households: 1620,
    landArea: 1850.5,
    partyMembers: 138,
    leader: '周文斌',
    phone: '0731-84561001',
  },
  {
    area: 2,
    content: p(
      '第一村地处镇区东部，交通便利，辖9个村民小组。村内以水稻种植和生猪养殖为主，近年来发展高标准农田1200亩。',
      '村里建有农家书屋、文化广场和村级卫生室，人居环境整治连续两年获评全镇先进。',
    ),
    population: 2315,
    households: 682,
    landArea: 5620,
    partyMembers: 67,
    leader: '张红梅',
    phone: '13900000102',
  },
  {
    area: 3,
    content: p(
      '第二村依山傍水，林地资源丰富，辖8个村民小组。村集体建有光伏发电项目和油茶基地800亩，集体经济年收入超过30万元。',
      '每年秋季举办农产品展销会，带动村民就近增收。',
    ),
    population: 1980,
    households: 560,
    landArea: 7340.5,
    partyMembers: 52,
    leader: '陈立新',
    phone: '13900000103',
  },
  {
    area: 4,
    content: p(
      '第三村位于镇区南部，辖7个村民小组，是全镇网格化管理试点村。村里划分12个网格，每个网格配备1名网格员。',
      '村内特色产业为蔬菜种植，建有连栋大棚60余个，产品供应县城超市。',
    ),
    population: 1756,
    households: 498,
    landArea: 4380,
    partyMembers: 45,
    leader: '李永福',
    phone: '0731-84561004',
  },
  {
    area: 5,
    content: p(
      '第四村辖10个村民小组，是传统农业村，主产水稻、油菜。村里成立了农机专业合作社，为周边农户提供耕种收一条龙服务。',
      '新修订的村规民约倡导移风易俗、邻里互助，乡风文明建设成效明显。',
    ),
    population: 2540,
    households: 735,
    landArea: 6910.5,
    partyMembers: 71,
    leader: '刘建军',
    phone: '0731-84561005',
  },
];

interface DemoUnit {
  name: string;
  leader: string;
  position: string;
  phone: string;
  members?: string;
  children?: DemoUnit[];
}

const DEMO_ORG: DemoUnit = {
  name: '镇综合治理中心',
  leader: '陈国华',
  position: '主任',
  phone: '0731-84561000',
  members: '副主任：刘芳、孙志刚',
  children: [
    {
      name: '综合治理办公室',
      leader: '刘芳',
      position: '主任',
      phone: '0731-84561010',
      members: '李晓燕、何俊',
      children: [
        { name: '矛盾纠纷调解组', leader: '何俊', position: '组长', phone: '0731-84561011', members: '杨桂英、黄志明、徐丽' },
        { name: '治安巡防队', leader: '罗建平', position: '队长', phone: '0731-84561012', members: '队员12人，实行24小时轮班巡逻' },
      ],
    },
    {
      name: '信访接待办公室',
      leader: '孙志刚',
      position: '主任',
      phone: '0731-84561020',
      members: '王建国、谢婷',
      children: [{ name: '来访接待组', leader: '谢婷', position: '组长', phone: '0731-84561021', members: '马丽华、郑伟' }],
    },
    {
      name: '网格管理中心',
      leader: '王建国',
      position: '主任',
      phone: '0731-84561030',
      members: '全镇划分86个网格，专兼职网格员86名',
      children: [
        { name: '第一网格片区', leader: '张红梅', position: '片长', phone: '13900000102', members: '覆盖镇社区、第一村至第三村' },
        { name: '第二网格片区', leader: '刘建军', position: '片长', phone: '0731-84561005', members: '覆盖第四村至第七村' },
        { name: '第三网格片区', leader: '唐海燕', position: '片长', phone: '0731-84561033', members: '覆盖第八村至第十一村' },
      ],
    },
    {
      name: '应急管理办公室',
      leader: '蒋超',
      position: '主任',
      phone: '0731-84561119',
      members: '曾强、邓小红',
      children: [
        { name: '应急救援队', leader: '曾强', position: '队长', phone: '0731-84561120', members: '队员20人，负责防汛、森林防火等应急处置' },
      ],
    },
    {
      name: '指挥调度中心',
      leader: '许文静',
      position: '主任',
      phone: '0731-84561040',
      members: '负责视频监控、数据大屏和事件调度',
      children: [{ name: '视频监控组', leader: '韩磊', position: '组长', phone: '0731-84561041', members: '值班员6人' }],
    },
    { name: '综合执法队', leader: '冯志勇', position: '队长', phone: '0731-84561050', members: '执法队员8人' },
  ],
};

// Wide pictures for covers and the centre's gallery: sky, fields and a building, no text.
const PALETTES = [
  ['#7db9e8', '#5a9e4b', '#d24d3e', '#f5f0e6'],
  ['#f3c77a', '#7a5230', '#3d6b35', '#e8e2d0'],
  ['#a9d2f0', '#86b25c', '#f2f2f2', '#c94f3d'],
  ['#c6def1', '#4c8c4a', '#8a8f99', '#f0c05a'],
  ['#9ec5e0', '#b0c46b', '#b5523b', '#ffffff'],
  ['#dbe9f4', '#6e9a45', '#2f6fae', '#f5d76e'],
];
const WIDTH = 640;
const HEIGHT = 360;

async function widePictures(): Promise<Buffer[]> {
  return Promise.all(
    PALETTES.map(([sky, ground, building, roof], i) =>
      sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: sky } })
        .composite([
          { input: { create: { width: WIDTH, height: 140, channels: 3, background: ground } }, top: HEIGHT - 140, left: 0 },
          { input: { create: { width: 180, height: 110, channels: 3, background: building } }, top: HEIGHT - 200, left: 80 + i * 50 },
          { input: { create: { width: 200, height: 24, channels: 3, background: roof } }, top: HEIGHT - 224, left: 70 + i * 50 },
        ])
        .jpeg({ quality: 70 })
        .toBuffer(),
    ),
  );
}

export async function seedDemoContent(db: Db, storage: FileStorage, ids: { users: Map<string, number> }): Promise<void> {
  const now = Date.now();
  const ago = (days: number) => new Date(now - days * DAY);
  const userId = (account: string) => ids.users.get(account) as number;
  const pictures = await widePictures();

  // Files first: a file without a row is harmless, a row without its file is a broken image.
  let next = 0;
  const planned: Array<{ storedName: string; size: number; name: string }> = [];
  const plan = async (name: string) => {
    const storedName = `${randomUUID()}.jpg`;
    const picture = pictures[next++ % pictures.length];
    await storage.put(storedName, picture);
    planned.push({ storedName, size: picture.length, name });
    return planned.length - 1;
  };
  const planAll = async (names: string[]) => {
    const indexes: number[] = [];
    for (const name of names) indexes.push(await plan(name));
    return indexes;
  };
  const coverFiles = await planAll(['封面1.jpg', '封面2.jpg', '封面3.jpg', '封面4.jpg']);
  const [inlineFile] = await planAll(['综合受理窗口.jpg']);
  const centreFiles = await planAll(['中心外景.jpg', '综合受理大厅.jpg', '指挥调度室.jpg']);
  const villageFiles = await planAll(DEMO_VILLAGES.map((v) => `村貌${v.area}.jpg`));

  await db.transaction(async (tx) => {
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.account, 'admin'));
    const staff = userId('staff01');
    const uploadIds: number[] = [];
    for (const file of planned) {
      const [row] = await tx
        .insert(uploads)
        .values({
          storedName: file.storedName,
          originalName: file.name,
          ownerId: staff,
          contentType: 'image/jpeg',
          size: file.size,
          width: WIDTH,
          height: HEIGHT,
          // News covers, introductions' pictures and a news body's picture: public content.
          visibility: 'public',
          createdAt: ago(20),
        })
        .returning({ id: uploads.id });
      uploadIds.push(row.id);
    }
    const inlineUrl = uploadUrl(planned[inlineFile].storedName);

    for (const [index, item] of DEMO_NEWS.entries()) {
      const publishedAt = item.publishedDaysAgo !== undefined ? ago(item.publishedDaysAgo) : null;
      const createdAt = publishedAt ? new Date(publishedAt.getTime() - 3 * HOUR) : ago(0.5 + index * 0.1);
      const content = item.content.replace(INLINE_IMAGE, inlineUrl);
      await tx.insert(news).values({
        title: item.title,
        summary: item.summary ?? plainText(content, 120),
        content,
        column: item.column,
        area: item.area,
        coverId: item.cover !== undefined ? uploadIds[coverFiles[item.cover]] : null,
        status: item.status,
        pinned: item.pinned ?? false,
        publishedAt,
        views: item.views ?? 0,
        authorId: userId(item.by),
        createdAt,
        updatedAt: item.status === 'offline' ? ago((item.publishedDaysAgo ?? 0) - 7) : (publishedAt ?? createdAt),
      });
    }

    await tx
      .update(centreIntroduction)
      .set({ ...CENTRE, updatedAt: ago(8), updatedById: admin?.id ?? staff })
      .where(eq(centreIntroduction.id, CENTRE_ID));
    await tx.delete(centreIntroductionImages);
    await tx.insert(centreIntroductionImages).values(centreFiles.map((file, position) => ({ position, uploadId: uploadIds[file] })));

    for (const [i, village] of DEMO_VILLAGES.entries()) {
      const { area, ...figures } = village;
      await tx
        .update(villageIntroductions)
        .set({ ...figures, coverId: uploadIds[villageFiles[i]], updatedAt: ago(6 - i), updatedById: staff })
        .where(eq(villageIntroductions.area, area));
    }

    await insertUnit(tx, DEMO_ORG, null, 0);
  });
}

async function insertUnit(tx: Tx, unit: DemoUnit, parentId: number | null, sort: number): Promise<void> {
  const [row] = await tx
    .insert(orgUnits)
    .values({
      parentId,
      name: unit.name,
      leader: unit.leader,
      position: unit.position,
      phone: unit.phone,
      members: unit.members ?? '',
      sort,
      createdAt: sql`now() - interval '30 days'`,
    })
    .returning({ id: orgUnits.id });
  for (const [index, child] of (unit.children ?? []).entries()) await insertUnit(tx, child, row.id, (index + 1) * 10);
}
