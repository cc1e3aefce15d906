import { fireEvent, render, screen } from '@testing-library/react';
import PlainField from './proFieldPlain';

describe('plain pro-field value types', () => {
  test('read mode shows the value as text, lists joined, empty as a dash', () => {
    const { rerender } = render(<PlainField mode="read" text={['浙江', '杭州']} />);
    expect(screen.getByText('浙江 / 杭州')).toBeInTheDocument();
    rerender(<PlainField mode="read" text={null} />);
    expect(screen.getByText('-')).toBeInTheDocument();
  });

  test('edit mode is a text box that reports what is typed', () => {
    const onChange = jest.fn();
    render(<PlainField mode="edit" fieldProps={{ value: 3, onChange, placeholder: '请输入' }} />);
    const box = screen.getByPlaceholderText('请输入');
    expect(box).toHaveValue('3');
    fireEvent.change(box, { target: { value: '4' } });
    expect(onChange).toHaveBeenCalledWith('4');
  });
});
