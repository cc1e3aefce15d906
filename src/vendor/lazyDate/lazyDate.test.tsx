import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import RealDatePicker from '@ant-design/pro-field/es/components/DatePicker/index.js';
import LazyDatePicker, { formatDate } from './DatePicker';
import LazyRangePicker from './RangePicker';

const stamp = '2026-10-01T08:30:00+08:00';

describe('date fields loaded on first use', () => {
  test('read mode shows what pro-field shows, without loading the picker', () => {
    for (const format of ['YYYY-MM-DD HH:mm', 'YYYY-MM-DD', undefined]) {
      const { container: real, unmount } = render(<RealDatePicker mode="read" text={stamp} format={format as string} fieldProps={{}} />);
      const expected = real.textContent;
      unmount();
      const { container, unmount: done } = render(<LazyDatePicker mode="read" text={stamp} format={format} fieldProps={{}} />);
      expect(container.textContent).toBe(expected);
      done();
    }
    expect(formatDate(null, 'YYYY')).toBe('-');
  });

  test('read mode hands its text to a column render', () => {
    render(<LazyDatePicker mode="read" text={stamp} format="YYYY年" fieldProps={{}} render={(_, __, dom) => <b>于{dom}</b>} />);
    expect(screen.getByText('于2026年')).toBeInTheDocument();
  });

  test('edit mode shows a waiting box, then the real range picker that reports a choice', async () => {
    const onChange = jest.fn();
    render(<LazyRangePicker mode="edit" fieldProps={{ placeholder: ['开始日期', '结束日期'], onChange } as object} />);
    expect(await screen.findByPlaceholderText('开始日期')).toBeInTheDocument();
    await act(async () => {
      fireEvent.mouseDown(screen.getByPlaceholderText('开始日期'));
      fireEvent.click(screen.getByPlaceholderText('开始日期'));
    });
    await waitFor(() => expect(document.querySelector('.ant-picker-dropdown')).not.toBeNull());
  });
});
