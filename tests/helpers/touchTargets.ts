import type { Page } from 'playwright-core';

/** The smallest a finger can hit reliably (WCAG 2.5.5, and the phone pages' own rule). */
export const MIN_TOUCH = 44;

/**
 * Every visible control on the page smaller than 44 × 44 px, as "description w×h". A control is
 * measured by what takes the tap: an input by its box (antd's affix wrapper, the phone form's
 * field), an interactive rating by each star, a pill by its tap-widening pseudo-element. Read-only
 * stars, links inside rich text (an article's body) and controls that are not rendered are left out.
 */
export function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type=hidden])',
      'select',
      'textarea',
      '[role=button]',
      '[role=switch]',
      '[role=tab]',
      '[role=radio]',
      '[role=checkbox]',
      '.ant-select-selector',
      '.ant-input-password-icon',
    ].join(',');
    // No named functions in here: the test runner's transform would wrap them in a helper the page lacks.
    const wrappers = '.ant-input-affix-wrapper, .ant-select, .ant-input-number, .svc-input, .svc-textarea, .adm-search-bar-input-box';
    const small: string[] = [];
    const seen = new Set<HTMLElement>();
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (el.closest('.rich-content, [aria-readonly="true"], [aria-hidden="true"]')) continue;
      // A real file input is tapped through its own button; antd-mobile hides its native inputs.
      if (el.matches('input[type=file], input[type=radio], input[type=checkbox]')) continue;
      const target = el.matches('input, textarea') ? ((el.closest(wrappers) as HTMLElement | null) ?? el) : el;
      if (seen.has(target)) continue;
      seen.add(target);
      const style = getComputedStyle(target);
      const rect = target.getBoundingClientRect();
      if (!rect.width || !rect.height || style.visibility === 'hidden' || style.display === 'none') continue;
      // A pill may widen its tap area with an absolutely placed ::before/::after (AppTask's
      // FilterChips): a pseudo-element takes its element's taps, so the larger extent counts.
      let width = rect.width;
      let height = rect.height;
      for (const pseudo of ['::before', '::after']) {
        const extra = getComputedStyle(target, pseudo);
        if (extra.content === 'none' || extra.position !== 'absolute' || extra.pointerEvents === 'none') continue;
        const px = [extra.top, extra.right, extra.bottom, extra.left].map((v) => (v.endsWith('px') ? parseFloat(v) : NaN));
        if (px.some(Number.isNaN)) continue;
        width = Math.max(width, rect.width - px[1] - px[3]);
        height = Math.max(height, rect.height - px[0] - px[2]);
      }
      if (width + 0.5 < min || height + 0.5 < min) {
        const name = (target.getAttribute('aria-label') || target.textContent || target.getAttribute('placeholder') || '')
          .trim()
          .slice(0, 16);
        small.push(
          `${target.tagName.toLowerCase()}.${String(target.className).split(' ')[0]}「${name}」 ${Math.round(width)}×${Math.round(height)}`,
        );
      }
    }
    return small;
  }, MIN_TOUCH);
}
