import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { describeViolations, scan } from '../helpers/axe';
import { setUpJourneys } from '../helpers/journeys';

// The duplicate-photo check (ADR 0027) on the real server with the demo data: grid02 (刘志强) sent
// last month's 春耕备耕 photo again with his 清洁村庄 report. The reviewer sees it flagged on the
// queue, follows the link to the earlier submission, and can still approve: it is only a hint.

const app = setUpJourneys();
const { newPage, journey, signIn } = app;

const NAME = '刘志强';
const TASK = '“清洁村庄”人居环境集中整治';
const EARLIER = `${NAME}提交的「春耕备耕农资情况摸排」`;

describe('任务审核: a re-used photo', () => {
  journey('staff01 sees the flag on the queue, opens the earlier submission from its link and comes back', async () => {
    const { page } = await newPage();
    await signIn(page, 'staff01', 'Demo12345');
    await page.goto(`${app.url}/taskManage/audit`);
    const row = page.getByRole('row').filter({ hasText: TASK }).filter({ hasText: NAME });
    const flag = row.getByRole('button', { name: '第1张照片疑似重复，查看详情' });
    await flag.waitFor();
    assert.equal((await flag.textContent())?.trim(), '疑似重复');
    // His second photo is a fresh one; the row's review actions are there as for any other.
    assert.equal(await row.getByRole('button', { name: /疑似重复/ }).count(), 1);
    assert.equal(await row.getByText('通过', { exact: true }).count(), 1);

    await flag.click();
    const popover = page.locator('.ant-popover').filter({ hasText: '疑似重复照片' });
    const link = popover.getByRole('link', { name: EARLIER });
    await link.waitFor();
    assert.match(
      (await popover.textContent()) ?? '',
      new RegExp(`与${EARLIER}的照片几乎相同上传于 \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} · (完全一致|相似度 \\d+%)`),
    );
    assert.match((await popover.textContent()) ?? '', /仅供参考，是否采用由审核人判断/);
    const violations = await scan(page, 'audit queue, duplicate popover open');
    assert.equal(violations.length, 0, describeViolations(violations));

    await link.click();
    await page.waitForURL(/\/taskManage\/audit\?submission=\d+$/);
    const drawer = page.getByRole('dialog').filter({ has: page.getByRole('article', { name: '提交详情' }) });
    await drawer.getByText('春耕备耕农资情况摸排').waitFor();
    assert.equal(await drawer.getByText(NAME, { exact: true }).count(), 1);
    assert.equal(await drawer.getByText('已通过').count(), 1);
    // The earlier photo is the original: nothing to warn about there.
    assert.equal(await drawer.getByText(/照片提示/).count(), 0);
    assert.equal(await drawer.getByRole('img', { name: `${NAME}提交的第1张图片` }).count(), 1);
    const drawerViolations = await scan(page, 'earlier submission drawer', { include: '.ant-drawer-content' });
    assert.equal(drawerViolations.length, 0, describeViolations(drawerViolations));

    // The back button returns to the queue, the flag still there.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/taskManage/audit' && !url.searchParams.has('submission'));
    await drawer.waitFor({ state: 'hidden' });
    await flag.waitFor();
  });

  journey('the flagged submission’s own drawer spells the finding out, from a shared address', async () => {
    const { page } = await newPage();
    await signIn(page, 'staff01', 'Demo12345');
    await page.goto(`${app.url}/taskManage/audit`);
    const row = page.getByRole('row').filter({ hasText: TASK }).filter({ hasText: NAME });
    await row.getByRole('button', { name: '第1张照片疑似重复，查看详情' }).waitFor();
    // The flagged submission's id, as the API gives it to the page.
    const id = await page.evaluate(async (task) => {
      const res = await fetch('/api/submissions?pageSize=50&status=pending', {
        headers: { authorization: sessionStorage.getItem('token') ?? '' },
      });
      const list = (await res.json()).data.list as Array<{ id: number; taskTitle: string; userName: string }>;
      return list.find((s) => s.taskTitle === task && s.userName === '刘志强')?.id;
    }, TASK);
    assert.ok(id, 'the flagged submission is pending');

    await page.goto(`${app.url}/taskManage/audit?submission=${id}`);
    const findings = page.getByRole('dialog').getByRole('alert');
    await findings.getByText('照片提示（仅供参考，是否采用由审核人判断）').waitFor();
    assert.match((await findings.textContent()) ?? '', new RegExp(`第1张疑似重复：与${EARLIER}的照片几乎相同`));
    const href = await findings.getByRole('link', { name: EARLIER }).getAttribute('href');
    assert.match(href ?? '', /^\/taskManage\/audit\?submission=\d+$/);
    assert.notEqual(href, `/taskManage/audit?submission=${id}`);
  });
});

// The people-service drawers, with the demo's planted photos: villager03 (吴秀兰) sent the photo of
// her overflowing bin again with a later appeal, villager02 (周大伯) the leaning pole with a later
// photo report. Each flag names the earlier record and its link opens that record's drawer.
const PEOPLE_CASES = [
  {
    what: '群众诉求',
    list: '/peopleService/appeal',
    article: '诉求详情',
    flagged: '河道里有人倾倒建筑垃圾',
    photo: 1,
    earlier: '吴秀兰的诉求「垃圾桶满了没人清运」',
    earlierText: '四组路口的垃圾桶连续几天没有清运',
    address: /\/peopleService\/appeal\?id=\d+$/,
  },
  {
    what: '随手拍',
    list: '/peopleService/shot',
    article: '随手拍详情',
    flagged: '桥边护栏断了一截',
    photo: 2,
    earlier: '周大伯的随手拍「电线杆倾斜，电线垂得很低。」',
    earlierText: '已联系供电所扶正电杆并重新架线',
    address: /\/peopleService\/shot\?id=\d+$/,
  },
];

describe('群众诉求 and 随手拍: a re-used photo', () => {
  for (const c of PEOPLE_CASES) {
    journey(`${c.what}: staff01 sees the flag in the drawer and opens the earlier record from its link`, async () => {
      const { page } = await newPage();
      await signIn(page, 'staff01', 'Demo12345');
      await page.goto(`${app.url}${c.list}`);
      const row = page.getByRole('row').filter({ hasText: c.flagged });
      await row.getByText('查看', { exact: true }).click();
      const drawer = page.locator('.ant-drawer').filter({ has: page.getByRole('article', { name: c.article }) });
      const flag = drawer.getByRole('button', { name: `第${c.photo}张照片疑似重复，查看详情` });
      await flag.waitFor();
      assert.equal((await flag.textContent())?.trim(), '疑似重复');
      // Only that photo is flagged as a duplicate.
      assert.equal(await drawer.getByRole('button', { name: /疑似重复/ }).count(), 1);

      const findings = drawer.getByRole('alert');
      await findings.getByText('照片提示（仅供参考，是否采用由审核人判断）').waitFor();
      assert.match(
        (await findings.textContent()) ?? '',
        new RegExp(
          `第${c.photo}张疑似重复：与${c.earlier}的照片几乎相同上传于 \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} · (完全一致|相似度 \\d+%)`,
        ),
      );
      const violations = await scan(page, `${c.what} drawer with a duplicate flag`, { include: '.ant-drawer-content' });
      assert.equal(violations.length, 0, describeViolations(violations));

      const link = findings.getByRole('link', { name: c.earlier });
      const href = await link.getAttribute('href');
      await link.click();
      await page.waitForURL(c.address);
      assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, href);
      const earlier = page.locator('.ant-drawer').filter({ has: page.getByRole('article', { name: c.article }) });
      await earlier.getByText(c.earlierText, { exact: false }).first().waitFor();
      // The earlier record holds the original: nothing to warn about there.
      assert.equal(await earlier.getByText(/照片提示/).count(), 0);
    });
  }
});
