import { ProTable } from '@ant-design/pro-components';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import LazyColumnSetting from './lazyColumnSetting';

const columns = [
  { title: '姓名', dataIndex: 'name' },
  { title: '村', dataIndex: 'village' },
];

const renderTable = () =>
  render(
    <ProTable
      rowKey="name"
      columns={columns}
      dataSource={[{ name: '张三', village: '第一村' }]}
      search={false}
      options={false}
      toolBarRender={() => [<LazyColumnSetting key="setting" {...({ columns } as object)} />]}
    />,
  );

describe('column settings loaded on first use', () => {
  test('a click whose press began on the placeholder opens the panel after the real icon replaced it', async () => {
    renderTable();
    const placeholder = screen.getByRole('img', { name: 'setting' });
    // The icon sits in the trigger's span, inside the component's own span, which stays.
    const outer = placeholder.parentElement!.parentElement!;
    // The pointer arrives: the real panel's code starts loading and its icon replaces the placeholder.
    fireEvent.pointerEnter(outer);
    await act(() => import('@ant-design/pro-table/es/components/ColumnSetting/index.js'));
    await waitFor(() => expect(screen.getByRole('img', { name: 'setting' })).not.toBe(placeholder));
    // Pressed on the placeholder, released on the real icon: the browser clicks their common ancestor.
    fireEvent.click(outer);
    expect(await screen.findByText('列展示')).toBeInTheDocument();
  });

  test('the first click on the icon opens the panel once its code has arrived', async () => {
    render(
      <ProTable
        rowKey="name"
        columns={columns}
        dataSource={[{ name: '张三', village: '第一村' }]}
        search={false}
        options={false}
        toolBarRender={() => [<LazyColumnSetting key="setting" {...({ columns } as object)} />]}
      />,
    );
    expect(screen.queryByText('列展示')).toBeNull();
    fireEvent.click(screen.getByRole('img', { name: 'setting' }));
    expect(await screen.findByText('列展示')).toBeInTheDocument();
    expect(screen.getAllByText('村').length).toBeGreaterThan(1);
  });

  test("a click inside the open panel is the panel's own: the panel stays open", async () => {
    renderTable();
    fireEvent.click(screen.getByRole('img', { name: 'setting' }));
    expect(await screen.findByText('列展示')).toBeInTheDocument();
    const panel = document.querySelector('.ant-popover') as HTMLElement;
    const box = () =>
      [...panel.querySelectorAll('.ant-tree-treenode')]
        .find((node) => node.textContent?.includes('村'))!
        .querySelector('.ant-tree-checkbox')!;
    fireEvent.click(box());
    // Its click reached the component's span through React's portal: it must not have closed the panel.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(document.querySelector('.ant-popover:not(.ant-popover-hidden)')).not.toBeNull();
    expect(panel).toBeVisible();
  });

  test('Escape closes the open panel, from the panel or from its button, and puts focus back on the button', async () => {
    render(
      <ProTable
        rowKey="name"
        columns={columns}
        dataSource={[{ name: '张三', village: '第一村' }]}
        search={false}
        options={false}
        // The toolbar's button around the icon, as ListTable draws it.
        toolBarRender={() => [
          <span key="setting" role="button" tabIndex={0} aria-label="列设置">
            <LazyColumnSetting {...({ columns } as object)} />
          </span>,
        ]}
      />,
    );
    const button = screen.getByRole('button', { name: '列设置' });
    const panelShown = () => document.querySelector('.ant-popover:not(.ant-popover-hidden)');
    fireEvent.click(screen.getByRole('img', { name: 'setting' }));
    expect(await screen.findByText('列展示')).toBeInTheDocument();
    expect(panelShown()).not.toBeNull();

    // From inside the panel: its first checkbox has focus.
    const inPanel = screen.getByRole('checkbox', { name: '列展示' });
    inPanel.focus();
    fireEvent.keyDown(inPanel, { key: 'Escape', code: 'Escape', keyCode: 27 });
    await waitFor(() => expect(panelShown()).toBeNull());
    expect(button).toHaveFocus();

    // Opened again, then Escape on the button itself.
    fireEvent.click(screen.getByRole('img', { name: 'setting' }));
    await waitFor(() => expect(panelShown()).not.toBeNull());
    fireEvent.keyDown(button, { key: 'Escape', code: 'Escape', keyCode: 27 });
    await waitFor(() => expect(panelShown()).toBeNull());
    expect(button).toHaveFocus();
    // Escape with the panel closed changes nothing.
    fireEvent.keyDown(button, { key: 'Escape', code: 'Escape', keyCode: 27 });
    expect(panelShown()).toBeNull();
  });
});
