import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { apiGet, apiPost } from '../helpers/admin';
import { DESKTOP, PHONE } from '../helpers/browser';
import { eventually, onPath, setUpJourneys } from '../helpers/journeys';

let photoDir: string;
let photos: string[];

/** One task for the whole file: the journeys follow it from publication to the points it earns. */
const TITLE = `端到端测试任务${Date.now().toString(36)}`;
const CADRE02_NAME = '张红梅';
const REJECT_REASON = '照片未体现整治后的效果，请补拍全景';
const FIRST_REPORT = '已清理村口主干道两侧垃圾5处。';
const SECOND_REPORT = '已补拍村口主干道整治后的全景照片。';

const app = setUpJourneys({ chained: true });
const { newPage, journey, signIn } = app;

/** cadre02's points in the ranking, through the API with the admin page's session. */
async function rankingPoints(page: Page, name: string): Promise<number> {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const res = await page.request.get(`${app.url}/api/scores/ranking`, {
    params: { name, pageSize: 100 },
    headers: { authorization: token ?? '' },
  });
  assert.equal(res.status(), 200);
  const body = (await res.json()) as {
    data: { list: { name: string; points: number }[] };
  };
  const row = body.data.list.find((r) => r.name === name);
  assert.ok(row, `${name} is in the ranking`);
  return row.points;
}

/** The rows of a downloaded workbook's first sheet, each cell as text. */
async function downloadedRows(path: string): Promise<string[][]> {
  const bytes = fs.readFileSync(path);
  assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

/** The phone's photo picker: choose files from the album like a user would. */
async function choosePhotos(page: Page, files: string[]) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: '从相册选' }).click()]);
  await chooser.setFiles(files);
  await page.getByText(`已上传 ${files.length}/${files.length}`).waitFor();
}

/**
 * ProTable's 查询. While the table loads it is a loading button that ignores clicks; and antd's
 * loading icon can linger (invisible, mid leave-motion) in its accessible name ("loading 查 询").
 */
async function query(page: Page) {
  const button = page.getByRole('button', { name: /查\s*询$/ });
  await eventually(async () => assert.doesNotMatch((await button.getAttribute('class')) ?? '', /ant-btn-loading\b/));
  await button.click();
}

/** The audit queue row of cadre02's submission to our task. */
function auditRow(page: Page): Locator {
  return page.getByRole('row').filter({ hasText: TITLE }).filter({ hasText: CADRE02_NAME });
}

describe('task journeys', () => {
  before(async () => {
    photoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glp-e2e-photos-'));
    const colours = [
      { r: 200, g: 60, b: 60 },
      { r: 60, g: 160, b: 80 },
    ];
    photos = await Promise.all(
      colours.map(async (background, i) => {
        const file = path.join(photoDir, `现场${i + 1}.png`);
        await sharp({
          create: { width: 64, height: 48, channels: 3, background },
        })
          .png()
          .toFile(file);
        return file;
      }),
    );
  });
  after(async () => {
    if (photoDir) fs.rmSync(photoDir, { recursive: true, force: true });
  });

  journey('admin publishes a task to 第一村 only, with text and 2 photos for 5 points', async () => {
    const { context, page } = await newPage();
    await signIn(page, 'admin', 'Admin12345');
    await page.goto(`${app.url}/taskManage/create`);

    await page.getByLabel('任务标题').fill(TITLE);
    await page.getByLabel('工作类别').fill('人居');
    await page.locator('.ant-select-item-option', { hasText: '人居环境' }).click();
    await page.getByLabel('奖励积分').fill('5');
    // wangEditor's editing area is a bare contenteditable (no role to find it by).
    await page.locator('[data-slate-editor]').click();
    await page.keyboard.type('请清理村口主干道两侧垃圾，拍摄整治前后照片。');

    // The template offers 文字 and 图片 as boxes, both ticked for a new task ("1;2").
    assert.equal(await page.getByRole('checkbox', { name: '文字' }).isChecked(), true);
    assert.equal(await page.getByRole('checkbox', { name: '图片' }).isChecked(), true);
    await page.getByLabel('图片数量').fill('2');
    await page.getByText('需提交：2张').waitFor();

    // The 目标区域 label is not tied to its select (no accessible name): find the select by its field.
    const areas = page
      .locator('.ant-form-item')
      .filter({ has: page.getByText('目标区域', { exact: true }) })
      .getByRole('combobox');
    await areas.click();
    await areas.fill('第一村');
    await page.locator('.ant-select-item-option', { hasText: /^第一村$/ }).click();
    await page.keyboard.press('Escape');
    // On a busy machine the option's click can land while the list re-renders: see the choice taken.
    await page
      .locator('.ant-form-item')
      .filter({ has: page.getByText('目标区域', { exact: true }) })
      .locator('.ant-select-selection-item', { hasText: '第一村' })
      .waitFor();

    await page.getByPlaceholder('请选择截止时间').click();
    await page.getByText('一周后').click();
    await eventually(async () => assert.notEqual(await page.getByPlaceholder('请选择截止时间').inputValue(), ''));

    await page.getByRole('button', { name: /^发\s*布$/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: `发布任务「${TITLE}」？` });
    // When the form refuses, say what it said rather than time out on a dialog that never comes.
    const refused = page.locator('.ant-form-item-explain-error').first();
    await confirm.or(refused).first().waitFor();
    assert.equal(
      await refused.isVisible(),
      false,
      `the form refused: ${await page.locator('.ant-form-item-explain-error').allInnerTexts()}`,
    );
    await confirm.getByText('第一村的村干部/网格员').waitFor();
    await confirm.getByRole('button', { name: /^发\s*布$/ }).click();
    await page.getByText(`任务已发布：${TITLE}`).waitFor();
    await page.waitForURL('**/taskManage/list**');

    await page.getByLabel('任务标题').fill(TITLE);
    await query(page);
    const rows = page
      .locator('.ant-table-tbody')
      .getByRole('row')
      .filter({ has: page.getByRole('cell') });
    const row = rows.filter({ hasText: TITLE });
    await row.waitFor();
    await eventually(async () => assert.equal(await rows.count(), 1, 'the search by title leaves only our task'));
    // The title cell carries the requirement under the title: 提交模板 · 图片数量 · 积分.
    const cells = await row.getByRole('cell').allInnerTexts();
    assert.match(cells[0], /文字、图片 · 2张 · 5分/, `task row: ${cells.join(' | ')}`);
    const text = await row.innerText();
    assert.match(text, /进行中/);
    assert.match(text, /人居环境/);
    assert.match(text, /文字、图片/);
    assert.match(text, /2张/);
    assert.match(text, /第一村/);
    assert.doesNotMatch(text, /第二村/);
    await context.close();
  });

  journey('cadre02 reports with 2 photos on a phone; cadre03 of 第二村 is not asked to', async () => {
    const cadre = await newPage(PHONE);
    const { page } = cadre;
    await signIn(page, 'cadre02', 'Demo12345');
    await page.goto(`${app.url}/app/mytask`);
    const card = page.getByRole('link').filter({ hasText: TITLE });
    await card.waitFor();
    assert.match(await card.innerText(), /\+5 积分/);
    assert.match(await card.innerText(), /需提交：文字 \+ 2张图片/);
    await card.click();
    await page.waitForURL(onPath(/^\/app\/mytask\/[^/]+$/));
    await page.getByRole('heading', { name: TITLE }).waitFor();

    const submit = page.getByRole('button', { name: /^提交$/ });
    assert.equal(await submit.isDisabled(), true);
    await page.getByText('还需：填写完成情况说明、再上传2张照片').waitFor();
    await page.getByLabel('完成情况说明').fill(FIRST_REPORT);
    await choosePhotos(page, photos);
    await eventually(async () => assert.equal(await submit.isEnabled(), true));
    await submit.click();
    await page.waitForURL('**/app/tip**');
    await page.getByText('提交成功').waitFor();
    await page.getByText('已提交，等待审核。审核通过后可获得 5 积分。').waitFor();
    await page.getByRole('button', { name: '返回我的任务' }).click();
    await page.waitForURL('**/app/mytask?state=pending');
    const pending = page.getByRole('link').filter({ hasText: TITLE });
    await pending.waitFor();
    assert.match(await pending.innerText(), /待审核/);
    await cadre.context.close();

    // cadre03 lives in 第二村: the task is not theirs to report.
    const other = await newPage(PHONE);
    await signIn(other.page, 'cadre03', 'Demo12345');
    await other.page.goto(`${app.url}/app/mytask`);
    await other.page.getByRole('tab', { name: /待提交/ }).waitFor();
    for (const state of ['todo', 'pending', 'approved', 'rejected', 'missed']) {
      await other.page.goto(`${app.url}/app/mytask?state=${state}`);
      // Wait for the list to settle: cards or the empty state, not the skeleton.
      await eventually(async () => {
        assert.equal(await other.page.getByLabel('加载中').count(), 0);
        assert.ok((await other.page.locator('.app-task-card, .m-state').count()) > 0);
      });
      assert.equal(await other.page.getByText(TITLE).count(), 0, `not in 我的任务 (${state})`);
    }
    // The public list (任务公开) shows every published task to everyone, but cadre03 cannot report on it.
    await other.page.goto(`${app.url}/app/taskList`);
    const publicCard = other.page.getByRole('link').filter({ hasText: TITLE });
    await publicCard.waitFor();
    await publicCard.click();
    await other.page.getByRole('button', { name: '本任务不面向您所在的村（社区）' }).waitFor();
    assert.equal(await other.page.getByRole('button', { name: '本任务不面向您所在的村（社区）' }).isDisabled(), true);
    await other.context.close();
  });

  journey('admin rejects with a reason, cadre02 resubmits, approval adds 5 points; the ranking exports', async () => {
    const admin = await newPage();
    await signIn(admin.page, 'admin', 'Admin12345');
    const before = await rankingPoints(admin.page, CADRE02_NAME);

    await admin.page.goto(`${app.url}/taskManage/audit`);
    const row = auditRow(admin.page);
    await row.waitFor();
    assert.match(await row.innerText(), new RegExp(FIRST_REPORT));
    await row.getByText(/^驳\s*回$/).click();
    const reject = admin.page.getByRole('dialog').filter({ hasText: '驳回提交' });
    await reject.getByText(`驳回 ${CADRE02_NAME}（第一村）提交的「${TITLE}」`).waitFor();
    // The reason is required.
    await reject.getByRole('button', { name: /^驳\s*回$/ }).click();
    await reject.getByText('请填写驳回意见').waitFor();
    await reject.getByLabel('驳回意见').fill(REJECT_REASON);
    await reject.getByRole('button', { name: /^驳\s*回$/ }).click();
    await admin.page.getByText(`已驳回：${CADRE02_NAME}（第一村）`).waitFor();
    await reject.waitFor({ state: 'hidden' });
    // The queue opens on 待审核: the rejected one has left it.
    await eventually(async () => assert.equal(await auditRow(admin.page).count(), 0));

    const cadre = await newPage(PHONE);
    const { page } = cadre;
    await signIn(page, 'cadre02', 'Demo12345');
    await page.goto(`${app.url}/app/mytask?state=rejected`);
    const card = page.getByRole('link').filter({ hasText: TITLE });
    await card.waitFor();
    assert.match(await card.innerText(), /已驳回/);
    assert.match(await card.innerText(), new RegExp(`驳回意见：${REJECT_REASON}`));
    await card.click();
    await page.getByText('上次提交被驳回，请按审核意见修改后重新提交').waitFor();
    await page.getByText(`驳回意见：${REJECT_REASON}`).waitFor();
    await page.getByLabel('完成情况说明').fill(SECOND_REPORT);
    await choosePhotos(page, photos);
    const resubmit = page.getByRole('button', { name: /^重新提交$/ });
    await eventually(async () => assert.equal(await resubmit.isEnabled(), true));
    await resubmit.click();
    await page.waitForURL('**/app/tip**');
    await page.getByText('提交成功').waitFor();

    await admin.page.reload();
    const again = auditRow(admin.page);
    await again.waitFor();
    assert.match(await again.innerText(), new RegExp(SECOND_REPORT));
    await again.getByText(/^通\s*过$/).click();
    const confirm = admin.page.getByRole('dialog').filter({ hasText: `通过${CADRE02_NAME}提交的「${TITLE}」？` });
    await confirm.getByText(`通过后为 ${CADRE02_NAME} 记 5 积分，不能撤销。`).waitFor();
    await confirm.getByRole('button', { name: /^通\s*过$/ }).click();
    await admin.page.getByText(`已通过：${CADRE02_NAME}（第一村），记 5 分`).waitFor();

    // The cadre's phone says so too.
    await page.goto(`${app.url}/app/mytask?state=approved`);
    await page.getByRole('link').filter({ hasText: TITLE }).click();
    await page.getByText('审核通过，已获得 5 积分').waitFor();
    await page.getByText(`更早的提交（1）`).waitFor();
    await cadre.context.close();

    // 完成情况: 第一村's line counts the approval, on the page and in its Excel.
    const found = await apiGet<{ list: Array<{ id: number }> }>(admin.page, `/api/tasks?title=${encodeURIComponent(TITLE)}`);
    await admin.page.goto(`${app.url}/taskManage/complete?taskId=${found.list[0].id}`);
    const areaCard = admin.page.locator('.ant-card').filter({ hasText: '各区域完成情况' });
    const village = areaCard.getByRole('row').filter({ hasText: '第一村' });
    await village.waitFor();
    // 区域 | 目标人数 | 已提交 | 已通过 | 未提交 | 完成率 | 操作
    const shown = (await village.getByRole('cell').allInnerTexts()).slice(0, 4);
    assert.equal(shown[3], '1', `第一村 on the page: ${shown.join(' | ')}`);
    const [areaFile] = await Promise.all([
      admin.page.waitForEvent('download'),
      areaCard.getByRole('button', { name: '导出Excel' }).click(),
    ]);
    assert.equal(areaFile.suggestedFilename(), `各区域完成情况-${TITLE}.xlsx`);
    const areaRows = await downloadedRows(await areaFile.path());
    assert.deepEqual(areaRows[0], ['区域', '目标人数', '已提交', '已通过', '未提交', '完成率']);
    assert.deepEqual(areaRows.find((cells) => cells[0] === '第一村')?.slice(0, 4), shown);
    await admin.page.getByText(`已导出：各区域完成情况-${TITLE}.xlsx`).waitFor();

    // 积分统计: cadre02's points went up by exactly the task's 5.
    await admin.page.goto(`${app.url}/userManage/score`);
    await admin.page.getByLabel('姓名').fill(CADRE02_NAME);
    await query(admin.page);
    const scoreRows = admin.page
      .locator('.ant-table-tbody')
      .getByRole('row')
      .filter({ has: admin.page.getByRole('cell') });
    const scoreRow = scoreRows.filter({ hasText: 'cadre02' });
    await eventually(async () => {
      assert.equal(await scoreRows.count(), 1, 'the ranking shows only 张红梅');
      assert.equal(await scoreRow.count(), 1);
      // 排名 | 姓名 | 账号 | 所属区域 | 累计积分 | 操作
      const cells = await scoreRow.getByRole('cell').allInnerTexts();
      assert.equal(Number(cells[4]), before + 5, `ranking row: ${cells.join(' | ')}`);
    });
    assert.equal(await rankingPoints(admin.page, CADRE02_NAME), before + 5);

    const [download] = await Promise.all([
      admin.page.waitForEvent('download'),
      admin.page.getByRole('button', { name: '导出Excel' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), '积分排行.xlsx');
    // The workbook holds cadre02's row with the new total.
    const sheetRows = await downloadedRows(await download.path());
    const exported = sheetRows.find((cells) => cells.includes('cadre02'));
    assert.ok(exported, `cadre02 in the export: ${JSON.stringify(sheetRows.slice(0, 3))}`);
    assert.ok(exported.includes(String(before + 5)), `exported row: ${exported.join(' | ')}`);
    await admin.page.getByText('已导出：积分排行.xlsx').waitFor();
    await admin.context.close();
  });

  journey('a task asks for a number: cadre02 fills it on a phone, checked as typed; 完成情况 sums the approved reports', async () => {
    const shots = path.resolve('test-results', 'task-fields');
    fs.mkdirSync(shots, { recursive: true });
    const admin = await newPage(DESKTOP);
    await signIn(admin.page, 'admin', 'Admin12345');
    const title = `燃气安全排查${Date.now().toString(36)}`;
    const fields = [
      { key: 'f1', label: '排查户数', type: 'number', required: true, unit: '户', min: 0, max: 500, decimals: 0 },
      { key: 'f2', label: '是否发现隐患', type: 'choice', required: true, options: ['是', '否'] },
    ];
    const draft = await apiPost<{ id: number }>(admin.page, '/api/tasks', {
      title,
      category: 11,
      content: '<p>请入户排查燃气使用安全，填报排查户数。</p>',
      template: '1',
      imageNum: 0,
      points: 0,
      areas: [2],
      groupIds: [],
      deadline: new Date(Date.now() + 7 * 86400_000).toISOString(),
      fields,
    });
    await apiPost(admin.page, `/api/tasks/${draft.id}/publish`);

    // grid02 of the same village reports 24 through the API; cadre02 uses the phone.
    const other = await newPage(PHONE);
    await signIn(other.page, 'grid02', 'Demo12345');
    await apiPost(other.page, `/api/tasks/${draft.id}/submissions`, {
      text: '已排查',
      values: { f1: 24, f2: '否' },
      clientKey: `e2e${Date.now().toString(36)}x`,
    });
    await other.context.close();

    const cadre = await newPage(PHONE);
    const { page } = cadre;
    await signIn(page, 'cadre02', 'Demo12345');
    await page.goto(`${app.url}/app/mytask/${draft.id}`);
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByText('需提交：文字；填报排查户数、是否发现隐患').waitFor();
    await page.getByLabel('完成情况说明').fill('已入户排查，未发现隐患。');
    const households = page.getByLabel(/排查户数/);
    await households.fill('600');
    await households.blur();
    await page.getByText('不能大于500户').waitFor();
    const submit = page.getByRole('button', { name: /^提交$/ });
    assert.equal(await submit.isDisabled(), true);
    await page.getByText('还需：改正排查户数、填写是否发现隐患').waitFor();
    await page.screenshot({ path: path.join(shots, 'mytask-field-error-390x844.png'), fullPage: true });
    await households.fill('36');
    await page.getByText('否', { exact: true }).click();
    await eventually(async () => assert.equal(await submit.isEnabled(), true));
    await page.screenshot({ path: path.join(shots, 'mytask-fields-390x844.png'), fullPage: true });
    await submit.click();
    await page.waitForURL('**/app/tip**');
    await page.getByText('提交成功').waitFor();
    await cadre.context.close();

    // Both approved (the batch approval of the audit queue), then 完成情况 sums them: 36 + 24.
    const reports = await apiGet<{ list: Array<{ id: number }> }>(admin.page, `/api/submissions?taskId=${draft.id}&status=pending`);
    assert.equal(reports.list.length, 2);
    await apiPost(admin.page, '/api/submissions/audit', { ids: reports.list.map((r) => r.id), result: 'approved' });
    await admin.page.goto(`${app.url}/taskManage/complete?taskId=${draft.id}`);
    const areaCard = admin.page.locator('.ant-card').filter({ hasText: '各区域完成情况' });
    const village = areaCard.getByRole('row').filter({ hasText: '第一村' });
    await village.waitFor();
    // 区域 | 目标人数 | 已提交 | 已通过 | 未提交 | 排查户数（已通过） | 完成率 | 操作
    const cells = await village.getByRole('cell').allInnerTexts();
    assert.match(cells[5], /^60 户\s*平均 30 户$/, `第一村: ${cells.join(' | ')}`);
    await admin.page.getByText('排查户数合计').waitFor();
    await admin.page.getByText('2 份，平均 30户').waitFor();
    await admin.page.screenshot({ path: path.join(shots, 'complete-fields-1440x900.png'), fullPage: true });
    await admin.page.setViewportSize({ width: 1366, height: 768 });
    await admin.page.screenshot({ path: path.join(shots, 'complete-fields-1366x768.png'), fullPage: true });
    const [file] = await Promise.all([admin.page.waitForEvent('download'), areaCard.getByRole('button', { name: '导出Excel' }).click()]);
    const rows = await downloadedRows(await file.path());
    assert.deepEqual(rows[0].slice(6), ['排查户数合计（户）', '排查户数平均（户）']);
    assert.deepEqual(rows.find((r) => r[0] === '第一村')?.slice(6), ['60', '30']);
    await admin.context.close();
  });
});
