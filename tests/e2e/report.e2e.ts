import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import type { Report } from '../../common/contracts/reports';
import { addDays, lastCompletePeriod, periodOf, townshipToday } from '../../common/reportPeriod';
import { onPath, setUpJourneys } from '../helpers/journeys';
import { docxParagraphs, unzip } from '../helpers/zip';

const app = setUpJourneys();
const { newPage, journey, signIn } = app;

/** The report the API gives the signed-in page for a period. */
const apiReport = (page: Page, query: string) =>
  page.evaluate(async (q) => {
    const res = await fetch(`/api/reports?${q}`, { headers: { authorization: sessionStorage.getItem('token') ?? '' } });
    return (await res.json()).data;
  }, query) as Promise<Report>;

const paper = (page: Page) => page.getByRole('article', { name: '通报预览' });

/** The page's own content (period picker and the report); the admin layout around it is checked with the layout. */
async function noSeriousAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page: page as never }).include('.report-toolbar').include('.report-desk').analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    [],
  );
}

describe('数据概览 › 通报', () => {
  journey('an admin opens last week’s report from the menu, steps through periods, downloads it and prints it', async () => {
    const today = townshipToday();
    const lastWeek = lastCompletePeriod('week', today);
    const { page } = await newPage();
    await signIn(page, 'admin', 'Admin12345');
    await page.waitForURL(onPath('/dashboard'));
    await page.getByRole('menuitem', { name: '通报' }).click();
    await page.waitForURL(`**/dashboard/report?kind=week&date=${lastWeek.from}`);
    await paper(page).getByText(`（${lastWeek.label}）`).waitFor();

    // The preview's table says what the API says.
    const report = await apiReport(page, `kind=week&date=${lastWeek.from}`);
    assert.ok(report.tasks.issued > 0, 'the demo has tasks in last week');
    const total = paper(page).getByRole('table', { name: '各村（社区）任务完成情况' }).locator('tfoot tr');
    const cells = (await total.locator('td').allInnerTexts()).map((c) => c.trim());
    assert.deepEqual(cells.slice(0, 5), [
      '',
      '合计',
      String(report.tasks.issued),
      String(report.tasks.submitted),
      String(report.tasks.approved),
    ]);
    await paper(page).getByText(`本期共收到群众诉求${report.appeals.received}件`, { exact: false }).waitFor();
    await noSeriousAxeViolations(page);

    // The week before, then the month; a reload keeps the place, the back button returns.
    const before = periodOf('week', addDays(lastWeek.from, -7));
    await page.getByRole('button', { name: /^上一周/ }).click();
    await page.waitForURL(`**/dashboard/report?kind=week&date=${before.from}`);
    await paper(page).getByText(`（${before.label}）`).waitFor();
    await page.getByText('月报', { exact: true }).click();
    const month = periodOf('month', before.from);
    await page.waitForURL(`**/dashboard/report?kind=month&date=${month.from}`);
    await paper(page).getByText(`（${month.label}）`).waitFor();
    await page.reload();
    await paper(page).getByText(`（${month.label}）`).waitFor();
    await page.goBack();
    await page.waitForURL(`**/dashboard/report?kind=week&date=${before.from}`);
    await paper(page).getByText(`（${before.label}）`).waitFor();

    // The Word document: its name, a zip, the same title and total.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /下载Word/ }).click();
    const file = await download;
    assert.equal(file.suggestedFilename(), `示范镇综合治理中心工作通报（${before.label}）.docx`);
    const bytes = fs.readFileSync((await file.path()) as string);
    assert.equal(bytes.subarray(0, 2).toString(), 'PK');
    assert.ok(unzip(bytes).has('word/document.xml'));
    const lines = docxParagraphs(bytes);
    assert.equal(lines[1], `（${before.label}）`);
    const beforeReport = await apiReport(page, `kind=week&date=${before.from}`);
    // The demo's tasks fall on some weeks only: a week without one says so instead of a table.
    if (beforeReport.tasks.issued > 0) {
      assert.ok(
        lines.some((l) =>
          l.startsWith(`\t合计\t${beforeReport.tasks.issued}\t${beforeReport.tasks.submitted}\t${beforeReport.tasks.approved}\t`),
        ),
      );
    } else {
      assert.ok(lines.some((l) => l.startsWith(`本期未下发新任务。本期各村（社区）共提交任务报告${beforeReport.tasks.reportsReceived}份`)));
    }
    await page.getByText(`已下载：示范镇综合治理中心工作通报（${before.label}）.docx`).waitFor();

    // Printed, only the document shows: no menu, header, toolbar or buttons.
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.locator('.report-print .report-title').isVisible(), true);
    for (const chrome of ['.ant-pro-sider', '.ant-pro-layout-header', '.report-toolbar', '#root']) {
      assert.equal(await page.locator(chrome).first().isVisible(), false, `${chrome} is printed`);
    }
    await page.emulateMedia({ media: 'screen' });
    assert.equal(await page.locator('.report-print').isVisible(), false);
    assert.equal(await paper(page).isVisible(), true);
  });

  journey('staff01 reads the running month, marked unfinished, and cannot go past today', async () => {
    const today = townshipToday();
    const month = periodOf('month', today);
    const { page } = await newPage({ width: 1366, height: 768 });
    await signIn(page, 'staff01', 'Demo12345');
    await page.goto(`${app.url}/dashboard/report?kind=month&date=${today}`);
    await page.waitForURL(`**/dashboard/report?kind=month&date=${month.from}`);
    await paper(page).getByText(`（${month.label}）`).waitFor();
    await page.getByText(/本月尚未结束，通报中的数据统计至/).waitFor();
    assert.equal(await page.getByRole('button', { name: '下一月（尚未开始）' }).isDisabled(), true);
    // The whole township (staff see everything): every village with tasks is ranked.
    const report = await apiReport(page, `kind=month&date=${month.from}`);
    assert.equal(report.area, null);
    assert.equal(report.period.partial, true);
    const rows = paper(page).getByRole('table', { name: '各村（社区）任务完成情况' }).locator('tbody tr');
    assert.equal(await rows.count(), report.tasks.byArea.filter((a) => a.issued > 0).length);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /下载Word/ }).click();
    assert.equal((await download).suggestedFilename(), `示范镇综合治理中心工作通报（${month.label}）.docx`);
    await noSeriousAxeViolations(page);
  });
});
