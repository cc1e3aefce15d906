import { ProTable } from '@ant-design/pro-components';
import { fireEvent, render, screen } from '@testing-library/react';
import LazyColumnSetting from './lazyColumnSetting';

const columns = [
  { title: '姓名', dataIndex: 'name' },
  { title: '村', dataIndex: 'village' },
];

describe('column settings loaded on first use', () => {
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
});
