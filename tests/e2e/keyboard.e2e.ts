import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { apiGet } from '../helpers/admin';
import { eventually, onPath, setUpJourneys } from '../helpers/journeys';

// A whole admin task by keyboard alone (page.keyboard only, no pointer): sign in, open 群众诉求
// from the side menu, open an appeal, accept it and answer it. Every control on the way must be
// reached with Tab (or the menu's arrow keys) and show where the focus is.

const app = setUpJourneys();
const { newPage, journey } = app;

interface Focused {
  name: string;
  tag: string;
  /** An outline or a focus shadow is drawn on it (or on the antd box around it). */
  ring: boolean;
}

/** What has the focus now: its accessible-ish name and whether a focus ring shows. */
function focused(page: Page): Promise<Focused> {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: '', tag: 'BODY', ring: false };
    const boxes = [
      el,
      el.firstElementChild,
      el.closest('.ant-input-affix-wrapper, .ant-input-textarea-affix-wrapper, .ant-select, .ant-picker'),
      el.closest('.ant-select')?.querySelector('.ant-select-selector'),
    ];
    let ring = false;
    for (const node of boxes) {
      if (!node) continue;
      const style = getComputedStyle(node);
      if ((style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || (style.boxShadow && style.boxShadow !== 'none'))
        ring = true;
    }
    const name = (el.getAttribute('aria-label') || el.getAttribute('placeholder') || el.textContent || el.getAttribute('title') || '')
      .replace(/\s+/g, '')
      .trim();
    return { name, tag: el.tagName, ring };
  });
}

/**
 * Presses Tab (Shift+Tab when `back`) until the focus is on a control whose name matches, and
 * checks that a focus ring shows there. Fails after `max` presses, naming where the focus went.
 */
async function tabTo(page: Page, name: RegExp, { back = false, max = 80 } = {}): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (name.test(now.name)) {
      assert.ok(now.ring, `「${now.name}」 has the focus but shows no focus ring`);
      return;
    }
    seen.push(`${now.tag}:${now.name.slice(0, 20)}`);
  }
  assert.fail(`${name} was not reached with ${back ? 'Shift+Tab' : 'Tab'}; the focus went: ${seen.join(' → ')}`);
}

const REPLY = '已联系村委会，本周内修复路灯。';

describe('keyboard only', () => {
  journey('admin accepts and answers an appeal without touching the mouse', async () => {
    const { context, page } = await newPage({ width: 1366, height: 768 });
    await page.goto(`${app.url}/user/login`);
    await tabTo(page, /^账号$/);
    await page.keyboard.type('admin');
    await tabTo(page, /^密码$/);
    await page.keyboard.type('Admin12345');
    await page.keyboard.press('Enter');
    await page.waitForURL(onPath('/dashboard'));
    // The frame draws its menu again once the account's access arrives, which takes the focus
    // with it: start from the finished page, as someone who sees it would.
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');

    // The side menu: Tab into it, then its arrow keys to 群众服务 › 群众诉求.
    await tabTo(page, /^数据概览/);
    await openMenuItem(page, '群众服务', '群众诉求');
    await page.waitForURL(onPath('/peopleService/appeal'));

    const pending = await apiGet<{ list: Array<{ id: number; title: string }> }>(page, '/api/appeals?pageSize=50&status=pending');
    const appeal = pending.list[0];
    assert.ok(appeal, 'the demo data has an appeal waiting to be accepted');
    await page.getByRole('button', { name: appeal.title }).first().waitFor();
    await tabTo(page, new RegExp(`^${escape(appeal.title)}$`), { max: 150 });
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: /诉求详情/ });
    await drawer.waitFor();

    await tabTo(page, /^受理$/);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: new RegExp(`受理「${escape(appeal.title)}」`) });
    await confirm.waitFor();
    await tabTo(page, /^受理$/);
    await page.keyboard.press('Enter');
    await page.locator('.ant-message').getByText(`已受理：${appeal.title}`).waitFor();

    await tabTo(page, /^答复$/);
    await page.keyboard.press('Enter');
    const reply = page.getByRole('dialog', { name: /答复/ });
    await reply.waitFor();
    await tabTo(page, /^请/);
    await page.keyboard.type(REPLY);
    await tabTo(page, /^答复$/);
    await page.keyboard.press('Enter');
    await page
      .locator('.ant-message')
      .getByText(/已答复/)
      .waitFor();

    // The step's button is gone with the new state: the focus stays in the drawer, and Esc closes it.
    await eventually(async () =>
      assert.ok(await page.evaluate(() => !!document.activeElement?.closest('.ant-drawer')), 'the focus is in the drawer'),
    );
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('row').filter({ hasText: appeal.title }).getByText('已答复').waitFor();
    const after = await apiGet<{ status: string; reply?: string | null }>(page, `/api/appeals/${appeal.id}`);
    assert.equal(after.status, 'replied');
    assert.equal(after.reply, REPLY);
    await context.close();
  });
});

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** With the focus in the side menu (inline mode): Down to the group, Enter opens it, Down to the item, Enter follows its link. */
async function openMenuItem(page: Page, group: string, item: string) {
  for (const [target, open] of [
    [group, 'Enter'],
    [item, 'Enter'],
  ] as const) {
    let found = false;
    for (let i = 0; i < 30 && !found; i += 1) {
      const now = await focused(page);
      if (now.name.startsWith(target)) found = true;
      else await page.keyboard.press('ArrowDown');
    }
    assert.ok(found, `${target} was not reached with the arrow keys`);
    assert.ok((await focused(page)).ring, `${target} shows a focus ring`);
    await page.keyboard.press(open);
    // As a sighted keyboard user would, see the group open before arrowing into it (on a busy
    // machine the arrows could otherwise run ahead of the submenu's items).
    if (target === group) await page.getByRole('menuitem', { name: item, exact: true }).waitFor();
  }
}
