import {
  chineseIcons,
  chineseNames,
  formItemAria,
  chineseTabPosition,
  keyboardLinks,
  namedTreeCheckboxes,
  namedImagePreview,
  placeAriaRequired,
  plainSelectRows,
  pickerHeaderNames,
  pickerSeparators,
  pressLinkButton,
  quietMeasureRows,
  tablistOnTabs,
} from './antdAria';

function render(html: string) {
  document.body.innerHTML = html;
  placeAriaRequired(document);
}

test('a select or date picker wrapper hands aria-required to its input', () => {
  render('<div class="ant-select" aria-required="true"><span><input role="combobox" id="area"></span></div>');
  expect(document.querySelector('.ant-select')).not.toHaveAttribute('aria-required');
  expect(document.getElementById('area')).toHaveAttribute('aria-required', 'true');
});

test('a radio group becomes a radiogroup and keeps it', () => {
  render('<div class="ant-radio-group" id="kind" aria-required="true"><label><input type="radio"></label></div>');
  const group = document.getElementById('kind');
  expect(group).toHaveAttribute('role', 'radiogroup');
  expect(group).toHaveAttribute('aria-required', 'true');
  expect(document.querySelector('input')).not.toHaveAttribute('aria-required');
});

test('a checkbox group drops it (a group cannot carry it, nor can one of its boxes speak for all)', () => {
  render('<div class="ant-checkbox-group" aria-required="true"><input type="checkbox"><input type="checkbox"></div>');
  expect(document.querySelector('[aria-required]')).toBeNull();
});

test('elements with a role, and inputs, are left alone', () => {
  render('<div role="combobox" aria-required="true"></div><input id="name" aria-required="true">');
  expect(document.querySelector('[role="combobox"]')).toHaveAttribute('aria-required', 'true');
  expect(document.getElementById('name')).toHaveAttribute('aria-required', 'true');
});

test("a table's hidden measuring row keeps its copied controls out of the tab order", () => {
  document.body.innerHTML = `<table><tbody>
    <tr aria-hidden="true" class="ant-table-measure-row" tabindex="-1"><th><input type="checkbox" id="copy"></th></tr>
    <tr><td><input type="checkbox" id="row"></td></tr>
  </tbody></table>`;
  quietMeasureRows(document);
  expect(document.getElementById('copy')).toHaveAttribute('tabindex', '-1');
  expect(document.getElementById('row')).not.toHaveAttribute('tabindex');
});

test('the tablist role moves from the whole tab bar to its row of tabs, off the 更多 button', () => {
  document.body.innerHTML =
    '<div class="ant-tabs-nav" role="tablist" aria-orientation="horizontal"><div class="ant-tabs-nav-wrap"><div class="ant-tabs-nav-list"><div class="ant-tabs-tab"><div role="tab">任务列表</div></div></div></div><div class="ant-tabs-nav-operations"><button class="ant-tabs-nav-more" aria-controls="more">…</button></div></div>';
  tablistOnTabs(document);
  expect(document.querySelector('.ant-tabs-nav')).not.toHaveAttribute('role');
  expect(document.querySelector('.ant-tabs-nav-list')).toHaveAttribute('role', 'tablist');
  expect(document.querySelector('.ant-tabs-nav-list')).toHaveAttribute('aria-orientation', 'horizontal');
  tablistOnTabs(document);
  expect(document.querySelectorAll('[role="tablist"]')).toHaveLength(1);
});

test("the table's select-all checkbox is named in Chinese", () => {
  document.body.innerHTML =
    '<input type="checkbox" id="all" aria-label="Select all"><input type="checkbox" id="row" aria-label="选择：张三">';
  chineseNames(document);
  expect(document.getElementById('all')).toHaveAttribute('aria-label', '全选');
  expect(document.getElementById('row')).toHaveAttribute('aria-label', '选择：张三');
});

const icon = (name: string) => `<span role="img" aria-label="${name}" class="anticon anticon-${name}"><svg></svg></span>`;

test("an icon beside a control's own words is hidden; an icon that is all a control has is named in Chinese", () => {
  document.body.innerHTML = `
    <button id="labelled">${icon('reload')}<span>刷新</span></button>
    <span role="button" tabindex="0" aria-label="全屏" id="named">${icon('fullscreen')}</span>
    <li title="下一页"><button tabindex="-1" id="titled">${icon('right')}</button></li>
    <button id="bare">${icon('close')}</button>
    <button id="unknown">${icon('bug')}</button>
    <div id="picture">${icon('warning')}</div>`;
  chineseIcons(document);
  const inside = (id: string) => document.querySelector(`#${id} .anticon`);
  expect(inside('labelled')).toHaveAttribute('aria-hidden', 'true');
  expect(document.getElementById('labelled')).toHaveAccessibleName('刷新');
  expect(inside('named')).toHaveAttribute('aria-hidden', 'true');
  expect(inside('titled')).toHaveAttribute('aria-hidden', 'true');
  // The pagination arrow's name is its item's title, on the button itself (axe reads no ancestor's title).
  expect(document.getElementById('titled')).toHaveAccessibleName('下一页');
  expect(document.getElementById('bare')).toHaveAccessibleName('关闭');
  // An English name not in the list is left as it is rather than leave the button nameless.
  expect(document.getElementById('unknown')).toHaveAccessibleName('bug');
  // An icon outside any control is a picture beside words: hidden.
  expect(inside('picture')).toHaveAttribute('aria-hidden', 'true');
});

test('the image preview is a named dialog whose picture has the words of its thumbnail', () => {
  document.body.innerHTML = `
    <img class="ant-image-img" src="/a.jpg" alt="第1张图片">
    <div class="ant-image-preview" role="dialog"><img class="ant-image-preview-img" src="/a.jpg"></div>
    <div class="ant-image-preview" role="dialog" aria-label="别的"><img class="ant-image-preview-img" src="/b.jpg"></div>`;
  namedImagePreview(document);
  const [first, second] = document.querySelectorAll('.ant-image-preview');
  expect(first).toHaveAttribute('aria-label', '图片预览');
  expect(second).toHaveAttribute('aria-label', '别的');
  expect(first.querySelector('img')).toHaveAttribute('alt', '第1张图片（预览）');
  expect(second.querySelector('img')).toHaveAttribute('alt', '预览图片');
});

test("a Select's drawn option rows lose aria-selected; the hidden listbox's options keep it", () => {
  document.body.innerHTML = `
    <div role="listbox"><div role="option" aria-selected="true" id="read">甲</div></div>
    <div class="ant-select-item ant-select-item-option" aria-selected="false" id="drawn">甲</div>`;
  plainSelectRows(document);
  expect(document.getElementById('read')).toHaveAttribute('aria-selected', 'true');
  expect(document.getElementById('drawn')).not.toHaveAttribute('aria-selected');
});

test("a focused tab's position is announced in Chinese", () => {
  document.body.innerHTML = '<div class="ant-tabs-tab-btn" role="tab"><div aria-live="polite">Tab 2 of 7</div>全部</div>';
  chineseTabPosition(document);
  expect(document.querySelector('[aria-live]')).toHaveTextContent('第2个标签，共7个');
});

test("pro-components' links without an address become buttons that Tab reaches and Enter or Space press", () => {
  document.body.innerHTML = `
    <div class="ant-popover"><a id="reset">重置</a></div>
    <div class="ant-pro-query-filter"><a id="fold">展开</a></div>
    <p><a id="elsewhere">别处</a></p>`;
  keyboardLinks(document);
  for (const id of ['reset', 'fold']) {
    expect(document.getElementById(id)).toHaveAttribute('role', 'button');
    expect(document.getElementById(id)).toHaveAttribute('tabindex', '0');
  }
  expect(document.getElementById('elsewhere')).not.toHaveAttribute('role');
  const pressed: string[] = [];
  const reset = document.getElementById('reset') as HTMLElement;
  reset.addEventListener('click', () => pressed.push('click'));
  document.addEventListener('keydown', pressLinkButton);
  for (const key of ['Enter', ' ', 'a']) reset.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  document.removeEventListener('keydown', pressLinkButton);
  expect(pressed).toEqual(['click', 'click']);
});

test('a tree checkbox named "Select …" takes its node\'s words in Chinese', () => {
  document.body.innerHTML = `<div class="ant-tree-treenode">
    <span class="ant-tree-checkbox" role="checkbox" aria-label="Select tree node"></span>
    <span class="ant-tree-title"><span>提交人</span></span></div>`;
  namedTreeCheckboxes(document);
  expect(document.querySelector('[role="checkbox"]')).toHaveAccessibleName('选择：提交人');
});

test("a date picker's year and month buttons keep the words they show in their names", () => {
  document.body.innerHTML =
    '<button class="ant-picker-year-btn" aria-label="选择年份">2026年</button><button class="ant-picker-month-btn" aria-label="选择月份">11月</button>';
  pickerHeaderNames(document);
  const [year, month] = document.querySelectorAll('button');
  expect(year).toHaveAccessibleName('2026年，选择年份');
  expect(month).toHaveAccessibleName('11月，选择月份');
});

test("a range picker's arrow between its dates is a picture named 至", () => {
  document.body.innerHTML = `<div class="ant-picker-range"><input placeholder="开始日期"><span class="ant-picker-separator" aria-label="to">${icon('swap-right')}</span><input placeholder="结束日期"></div>`;
  pickerSeparators(document);
  const separator = document.querySelector('.ant-picker-separator');
  expect(separator).toHaveAttribute('role', 'img');
  expect(separator).toHaveAccessibleName('至');
  expect(separator?.querySelector('.anticon')).toHaveAttribute('aria-hidden', 'true');
});

test("a pro-components field's input is marked invalid and described by its error while the item shows one", () => {
  const item = (explain: string) => `
    <div class="ant-form-item">
      <label class="ant-form-item-required" for="f_account">登录账号</label>
      <div class="ant-form-item-control-input"><span class="ant-input-affix-wrapper"><input id="f_account"></span></div>
      ${explain}
      <div id="f_account_extra" class="ant-form-item-extra">3-32位</div>
    </div>`;
  document.body.innerHTML = item(
    '<div id="f_account_help" class="ant-form-item-explain"><div class="ant-form-item-explain-error">该账号已存在</div></div>',
  );
  formItemAria(document);
  const input = document.getElementById('f_account');
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAttribute('aria-describedby', 'f_account_help f_account_extra');
  expect(input).toHaveAttribute('aria-required', 'true');

  document.querySelector('.ant-form-item-explain')?.remove();
  formItemAria(document);
  expect(input).not.toHaveAttribute('aria-invalid');
  expect(input).toHaveAttribute('aria-describedby', 'f_account_extra');
});

test("a description the page gave a field's input stays", () => {
  document.body.innerHTML = `
    <div class="ant-form-item">
      <div class="ant-form-item-control-input"><input aria-describedby="image-num-zero"></div>
      <span id="image-num-zero">（填 0 表示默认3张）</span>
    </div>`;
  formItemAria(document);
  expect(document.querySelector('input')).toHaveAttribute('aria-describedby', 'image-num-zero');
});
