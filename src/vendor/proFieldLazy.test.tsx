import { act, fireEvent, render, screen } from '@testing-library/react';
import { lazyField } from './lazyField';
import { loadField } from './proFieldLazy';

describe("pro-field's value types loaded on first render", () => {
  test('a digit field shows a waiting box, then the real number box that reports what is typed', async () => {
    const LazyDigit = lazyField(() => loadField('Digit'));
    const onChange = jest.fn();
    render(<LazyDigit mode="edit" fieldProps={{ placeholder: '请输入积分', onChange } as object} />);
    expect(screen.getByPlaceholderText('请输入积分')).toBeDisabled();
    const box = await screen.findByRole('spinbutton');
    expect(box).toHaveAttribute('placeholder', '请输入积分');
    await act(async () => {
      fireEvent.change(box, { target: { value: '12' } });
    });
    expect(onChange).toHaveBeenCalledWith(12);
  });

  test('read mode renders what the real field renders once loaded', async () => {
    const LazySwitch = lazyField(() => loadField('Switch'));
    render(<LazySwitch mode="read" text fieldProps={{}} />);
    expect(await screen.findByText('打开')).toBeInTheDocument();
  });
});
