import { render, screen } from '@testing-library/react';
import { ErrorBoundary } from './ErrorBoundary';
import { formList, formSet, LightFilter, StepsForm } from './schemaFormParts';

describe('schema-form parts left out of the build', () => {
  test('other schema value types go on; formList and formSet fail loudly', () => {
    expect(formList({ valueType: 'text' })).toBe(true);
    expect(formSet({ valueType: 'select' })).toBe(true);
    expect(() => formList({ valueType: 'formList' })).toThrow('formList is left out of this build');
    expect(() => formSet({ valueType: 'formSet' })).toThrow('formSet is left out of this build');
  });

  test('a LightFilter or StepsForm fails loudly, inside the error boundary that shows why', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Light = LightFilter as unknown as React.FC;
    const { unmount } = render(
      <ErrorBoundary>
        <Light />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('此处内容显示出错：LightFilter is left out of this build');
    expect(screen.getByRole('button', { name: '重 试' })).toBeInTheDocument();
    unmount();
    expect(() => (StepsForm.StepForm as () => void)()).toThrow('StepsForm.StepForm is left out');
    spy.mockRestore();
  });
});

describe("antd Table's tree filter", () => {
  test('shows the real tree once loaded', async () => {
    const { default: LazyTree } = await import('./lazyTree');
    render(<LazyTree checkable treeData={[{ key: '1', title: '第一村' }]} />);
    expect(await screen.findByText('第一村')).toBeInTheDocument();
    expect(screen.getByRole('tree')).toBeInTheDocument();
  });
});
