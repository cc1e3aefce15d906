import { chineseNames, placeAriaRequired, quietMeasureRows, tablistOnTabs } from './antdAria';

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
