import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { onPath, setUpJourneys } from '../helpers/journeys';

const app = setUpJourneys({ chained: true });
const { newPage, journey, signIn } = app;

const nextYear = new Date().getFullYear() + 1;

/** A Saturday of next year, as 'YYYY-MM-DD'. */
function saturdayOf(year: number) {
  const day = new Date(Date.UTC(year, 2, 1));
  while (day.getUTCDay() !== 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

describe('系统设置: holidays and the logs', () => {
  journey('an admin enters next year’s holidays, then finds the change in 操作日志 with its before and after', async () => {
    const { page } = await newPage();
    await signIn(page, 'admin', 'Admin12345');
    await page.goto(`${app.url}/system/settings`);
    const holidayCard = () => page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: '节假日安排' }) });
    const card = holidayCard();
    await card.getByText(`${nextYear}年`, { exact: true }).click();
    await card.getByText(/尚未录入：诉求办理期限暂时只跳过周六、周日/).waitFor();

    const saturday = saturdayOf(nextYear);
    await card.getByLabel('类型', { exact: true }).click({ force: true });
    await page.locator('.ant-select-item-option', { hasText: '调休上班' }).click();
    await card.getByLabel('日期', { exact: true }).fill(saturday);
    await card.getByLabel('日期', { exact: true }).press('Enter');
    await card.getByLabel('名称', { exact: true }).fill('春节调休');
    await card.getByRole('button', { name: '添加到列表' }).click();
    await card.getByText('有未保存的修改').waitFor();
    await card.getByRole('button', { name: `保存${nextYear}年安排` }).click();
    await page
      .getByRole('tooltip')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await page.getByText(`${nextYear}年节假日安排已保存`).waitFor();

    // A reload shows the saved year.
    await page.reload();
    const reloaded = holidayCard();
    await reloaded.getByText(`${nextYear}年`, { exact: true }).click();
    await reloaded.getByRole('cell', { name: `${saturday} 周六`, exact: true }).waitFor();
    await reloaded.getByText(`${nextYear}年按本中心录入的安排计算。`).waitFor();

    await page.getByRole('link', { name: '操作日志' }).click();
    await page.waitForURL(onPath('/system/operation-logs'));
    await page.getByPlaceholder('如 修改用户、审核').fill('节假日');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.getByRole('row', { name: /保存某年的节假日安排/ });
    await row.getByRole('button', { name: /展开行/ }).click();
    await page.getByRole('cell', { name: `${saturday} 调休上班 春节调休`, exact: true }).waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /导出Excel/ }).click();
    assert.equal((await download).suggestedFilename(), '操作日志.xlsx');
    await page.getByText('已导出：操作日志.xlsx').waitFor();

    await page.getByRole('link', { name: '登录日志' }).click();
    await page
      .getByRole('row', { name: /admin.*成功.*登录成功/ })
      .first()
      .waitFor();
  });
});
