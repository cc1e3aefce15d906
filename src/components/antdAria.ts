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

/**
 * antd's icons are named after their picture, in English (role="img" aria-label="reload"). In a
 * control that has its own words or name the icon only repeats it in English: it is hidden from
 * screen readers. An icon that is all a control (or a picture) has is named in Chinese.
 */
const ICON_NAMES: Record<string, string> = {
  close: '关闭',
  'close-circle': '清除',
  reload: '刷新',
  left: '上一张',
  right: '下一张',
  swap: '翻转',
  'rotate-left': '向左旋转',
  'rotate-right': '向右旋转',
  'zoom-in': '放大',
  'zoom-out': '缩小',
  download: '下载',
  plus: '新增',
  delete: '删除',
  edit: '编辑',
  eye: '查看',
  search: '搜索',
  setting: '设置',
  'column-height': '表格密度',
  fullscreen: '全屏',
  'fullscreen-exit': '退出全屏',
  ellipsis: '更多',
  'double-left': '向前五页',
  'double-right': '向后五页',
  'vertical-align-top': '固定在列首',
  'vertical-align-middle': '不固定',
  'vertical-align-bottom': '固定在列尾',
  holder: '拖动排序',
};
const CONTROL = 'button, a, [role="button"], [role="tab"], [role="menuitem"], [role="option"], [role="checkbox"], [tabindex]';

export function chineseIcons(root: ParentNode) {
  for (const icon of root.querySelectorAll<HTMLElement>('.anticon[role="img"][aria-label]:not([aria-hidden])')) {
    const english = icon.getAttribute('aria-label') ?? '';
    const chinese = ICON_NAMES[english];
    const control = icon.parentElement?.closest<HTMLElement>(CONTROL);
    // Its own words or label already name the control. A title on it or on its item (antd's
    // pagination arrows: <li title="上一页"><button>) becomes its label: screen readers and axe do
    // not take a name from an ancestor's title.
    const own = control && (control.getAttribute('aria-label') || control.textContent?.trim());
    const title = control && !own ? control.getAttribute('title') || control.parentElement?.getAttribute('title') : null;
    if (control && title) control.setAttribute('aria-label', title);
    if (own || title || (!control && !chinese)) icon.setAttribute('aria-hidden', 'true');
    else if (chinese) icon.setAttribute('aria-label', chinese);
  }
}

/**
 * antd's image preview: a dialog with no name around a picture with no text. The dialog is named,
 * and the big picture takes the words of the thumbnail it enlarges.
 */
export function namedImagePreview(root: ParentNode) {
  for (const dialog of root.querySelectorAll<HTMLElement>('.ant-image-preview[role="dialog"]:not([aria-label])')) {
    dialog.setAttribute('aria-label', '图片预览');
  }
  for (const img of root.querySelectorAll<HTMLImageElement>('img.ant-image-preview-img')) {
    const src = img.getAttribute('src');
    const thumbnail = [...document.querySelectorAll<HTMLImageElement>('img.ant-image-img')].find((t) => t.getAttribute('src') === src);
    const alt = thumbnail?.alt ? `${thumbnail.alt}（预览）` : '预览图片';
    if (img.getAttribute('alt') !== alt) img.setAttribute('alt', alt);
  }
}

/**
 * A Select's open list draws its options as plain divs marked aria-selected (the options a screen
 * reader reads are a hidden listbox beside them): the attribute is not allowed there and goes.
 */
export function plainSelectRows(root: ParentNode) {
  for (const row of root.querySelectorAll<HTMLElement>('.ant-select-item-option[aria-selected]:not([role])')) {
    row.removeAttribute('aria-selected');
  }
}

/** rc-tabs announces a focused tab in English ("Tab 1 of 3"): said in Chinese. */
export function chineseTabPosition(root: ParentNode) {
  for (const live of root.querySelectorAll<HTMLElement>('.ant-tabs-tab-btn > div[aria-live]')) {
    const match = /^Tab (\d+) of (\d+)$/.exec(live.textContent ?? '');
    if (match) live.textContent = `第${match[1]}个标签，共${match[2]}个`;
  }
}

/**
 * pro-components draw some actions as an `<a>` with a click handler and no href (the search form's
 * 展开/收起, the column settings' 重置): the keyboard never reaches them. They become buttons by
 * role and tab order; `pressLinkButton` gives them Enter and Space.
 */
// By class fragments: the bundle check keeps pro-components out of the sign-in and phone pages by
// looking for its class prefix in their chunks, and this module loads with every antd page.
const HREFLESS = ['[class*="pro-query-filter"]', '.ant-popover', '[class*="pro-table"]']
  .map((scope) => `${scope} a:not([href]):not([tabindex])`)
  .join(', ');

export function keyboardLinks(root: ParentNode) {
  for (const link of root.querySelectorAll<HTMLElement>(HREFLESS)) {
    link.setAttribute('role', 'button');
    link.setAttribute('tabindex', '0');
  }
}

/** Enter or Space on such a link does what a click does. */
export function pressLinkButton(event: KeyboardEvent) {
  const target = event.target as HTMLElement | null;
  if (!target || (event.key !== 'Enter' && event.key !== ' ')) return;
  if (target.tagName !== 'A' || target.hasAttribute('href') || target.getAttribute('role') !== 'button') return;
  event.preventDefault();
  target.click();
}

/**
 * rc-tree names a checkbox whose node title is not plain text "Select tree node" (ProTable's column
 * settings): it takes the node's own words.
 */
export function namedTreeCheckboxes(root: ParentNode) {
  for (const box of root.querySelectorAll<HTMLElement>('.ant-tree-checkbox[aria-label^="Select "]')) {
    const title = box.closest('.ant-tree-treenode')?.querySelector('.ant-tree-title')?.textContent?.trim();
    box.setAttribute('aria-label', title ? `选择：${title}` : '选择');
  }
}

/**
 * A date picker's header buttons are named 选择年份 / 选择月份 while they show 2026年 / 11月: the
 * name keeps what they show (WCAG 2.5.3) and says what they do.
 */
export function pickerHeaderNames(root: ParentNode) {
  const what: Record<string, string> = {
    'ant-picker-year-btn': '选择年份',
    'ant-picker-month-btn': '选择月份',
    'ant-picker-decade-btn': '选择年代',
  };
  for (const button of root.querySelectorAll<HTMLElement>('.ant-picker-year-btn, .ant-picker-month-btn, .ant-picker-decade-btn')) {
    const kind = Object.keys(what).find((name) => button.classList.contains(name)) ?? '';
    const name = `${button.textContent?.trim() ?? ''}，${what[kind]}`;
    if (button.getAttribute('aria-label') !== name) button.setAttribute('aria-label', name);
  }
}

/**
 * A range picker's arrow between its two dates is a span named "to": without a role a name is not
 * allowed on it. It becomes a picture named 至, between 开始日期 and 结束日期.
 */
export function pickerSeparators(root: ParentNode) {
  for (const separator of root.querySelectorAll<HTMLElement>('.ant-picker-separator')) {
    if (separator.getAttribute('role') !== 'img') separator.setAttribute('role', 'img');
    if (separator.getAttribute('aria-label') !== '至') separator.setAttribute('aria-label', '至');
    separator.querySelector('.anticon')?.setAttribute('aria-hidden', 'true');
  }
}

/** The form item's own descendants matching `selector` (not those of a form item inside it). */
const ownParts = (item: HTMLElement, selector: string) =>
  Array.from(item.querySelectorAll<HTMLElement>(selector)).filter((part) => part.parentElement?.closest('.ant-form-item') === item);

const TEXT_BOX = 'input:not([type="hidden"]):not([type="radio"]):not([type="checkbox"]):not([type="file"]), textarea';

/**
 * pro-components' fields (ProFormText, ProFormSelect …) sit between Form.Item and the input and
 * drop the aria-invalid, aria-describedby and aria-required Form.Item gives its child (ADR 0048).
 * The item's first text box gets them back from what the item shows: invalid while an error is
 * shown, described by the error and the extra text, required when the label says so. For plain
 * antd fields this agrees with what antd already set.
 */
export function formItemAria(root: ParentNode) {
  for (const item of root.querySelectorAll<HTMLElement>('.ant-form-item')) {
    const [control] = ownParts(item, TEXT_BOX);
    if (!control) continue;
    const described = ownParts(item, '.ant-form-item-explain[id], .ant-form-item-extra[id]').map((part) => part.id);
    const invalid = ownParts(item, '.ant-form-item-explain-error').length > 0;
    const required = ownParts(item, 'label.ant-form-item-required').length > 0;
    // What antd or the page set stays; only what was set here is taken back.
    const mended = new Set((control.dataset.ariaMended ?? '').split(' ').filter(Boolean));
    const want: [string, string | null][] = [
      ['aria-invalid', invalid ? 'true' : null],
      ['aria-describedby', described.length ? described.join(' ') : null],
      ['aria-required', required ? 'true' : null],
    ];
    for (const [name, value] of want) {
      const current = control.getAttribute(name);
      if (current === value || (current !== null && !mended.has(name))) continue;
      if (value === null) {
        control.removeAttribute(name);
        mended.delete(name);
      } else {
        control.setAttribute(name, value);
        mended.add(name);
      }
    }
    if (mended.size) control.dataset.ariaMended = [...mended].join(' ');
    else delete control.dataset.ariaMended;
  }
}

/** All the fixes, on everything under `root`. */
function fixAntdAria(root: ParentNode) {
  placeAriaRequired(root);
  quietMeasureRows(root);
  tablistOnTabs(root);
  chineseNames(root);
  chineseIcons(root);
  namedImagePreview(root);
  plainSelectRows(root);
  chineseTabPosition(root);
  keyboardLinks(root);
  namedTreeCheckboxes(root);
  pickerHeaderNames(root);
  pickerSeparators(root);
  formItemAria(root);
}

let watchers = 0;
let observer: MutationObserver | undefined;

/** Keeps the fixes applied on the whole page while any antd tree is mounted. */
export function useAntdAriaFixes() {
  useEffect(() => {
    watchers += 1;
    if (!observer) {
      observer = new MutationObserver(() => fixAntdAria(document));
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['aria-required', 'aria-label', 'aria-selected', 'src'],
      });
      fixAntdAria(document);
      document.addEventListener('keydown', pressLinkButton);
    }
    return () => {
      watchers -= 1;
      if (watchers === 0) {
        observer?.disconnect();
        observer = undefined;
        document.removeEventListener('keydown', pressLinkButton);
      }
    };
  }, []);
}
