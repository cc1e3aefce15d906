import { useEffect } from 'react';

/**
 * antd 5's Form.Item marks a required control with aria-required, and Select, DatePicker, Cascader
 * and Radio.Group put it on their wrapper <div>, where it means nothing to a screen reader (and is
 * an ARIA error). This puts it where it is read: on the control's own input (the combobox or text
 * box), or makes a radio group a radiogroup, which may carry it (ADR 0021).
 */
export function placeAriaRequired(root: ParentNode) {
  for (const wrapper of root.querySelectorAll<HTMLElement>('div[aria-required]:not([role]), span[aria-required]:not([role])')) {
    if (wrapper.classList.contains('ant-radio-group')) {
      wrapper.setAttribute('role', 'radiogroup');
      continue;
    }
    const required = wrapper.getAttribute('aria-required') ?? 'true';
    const input = wrapper.classList.contains('ant-checkbox-group') ? null : wrapper.querySelector('input');
    input?.setAttribute('aria-required', required);
    wrapper.removeAttribute('aria-required');
  }
}

/**
 * A table with a horizontal scroll keeps a hidden measuring row (aria-hidden) holding copies of the
 * column titles, including the select-all checkbox: keyboard users would tab into a control no one
 * can see. Its copies leave the tab order.
 */
export function quietMeasureRows(root: ParentNode) {
  // No :is() here: Chromium-80-class browsers lack it.
  const selector = ['input', 'button', 'select', 'textarea', 'a[href]', '[tabindex]:not([tabindex="-1"])']
    .map((control) => `.ant-table-measure-row ${control}`)
    .join(', ');
  for (const control of root.querySelectorAll<HTMLElement>(selector)) {
    if (control.getAttribute('tabindex') !== '-1') control.setAttribute('tabindex', '-1');
  }
}

/**
 * antd's Tabs put role="tablist" on the whole bar, which also holds the 更多 button for tabs that do
 * not fit (and any extra content): a tablist may hold only tabs. The role moves to the row of tabs.
 */
export function tablistOnTabs(root: ParentNode) {
  for (const nav of root.querySelectorAll<HTMLElement>('.ant-tabs-nav[role="tablist"]')) {
    const list = nav.querySelector<HTMLElement>('.ant-tabs-nav-list');
    if (!list) continue;
    list.setAttribute('role', 'tablist');
    const orientation = nav.getAttribute('aria-orientation');
    if (orientation) list.setAttribute('aria-orientation', orientation);
    nav.removeAttribute('role');
    nav.removeAttribute('aria-orientation');
  }
}

/** Names antd gives in English whatever its locale: the table's select-all checkbox. */
const CHINESE_NAMES: Record<string, string> = { 'Select all': '全选', 'Custom selection': '自定义选择' };
const ENGLISH_NAMED = Object.keys(CHINESE_NAMES)
  .map((name) => `[aria-label="${name}"]`)
  .join(', ');

/** antd's English control names become Chinese ones, as a screen reader should read them here. */
export function chineseNames(root: ParentNode) {
  for (const control of root.querySelectorAll<HTMLElement>(ENGLISH_NAMED)) {
    control.setAttribute('aria-label', CHINESE_NAMES[control.getAttribute('aria-label') ?? '']);
  }
}

/** All the fixes, on everything under `root`. */
export function fixAntdAria(root: ParentNode) {
  placeAriaRequired(root);
  quietMeasureRows(root);
  tablistOnTabs(root);
  chineseNames(root);
}

let watchers = 0;
let observer: MutationObserver | undefined;

/** Keeps both fixes applied on the whole page while any antd tree is mounted. */
export function useAntdAriaFixes() {
  useEffect(() => {
    watchers += 1;
    if (!observer) {
      observer = new MutationObserver(() => fixAntdAria(document));
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['aria-required', 'aria-label'],
      });
      fixAntdAria(document);
    }
    return () => {
      watchers -= 1;
      if (watchers === 0) {
        observer?.disconnect();
        observer = undefined;
      }
    };
  }, []);
}
