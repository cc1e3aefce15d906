import type { ReactNode } from 'react';
import StepActions from '../../components/StepActions';
import type { ShotActionApi, ShotRef } from './useShotActions';

interface Props {
  report: ShotRef;
  actions: ShotActionApi;
  /** Links in a table row, buttons in the drawer. */
  variant: 'link' | 'button';
  /** In a row, what comes before the steps (查看). */
  lead?: ReactNode;
}

/** Only a pending report can be acted on: 处理 or 标为无效. Handled and invalid ones are final. */
export default function ShotActions({ report, actions, variant, lead }: Props) {
  return (
    <StepActions
      variant={variant}
      lead={lead}
      steps={
        report.status !== 'pending'
          ? []
          : [
              { key: 'handle', text: '处理', primary: true, run: () => actions.handle(report) },
              { key: 'invalid', text: '标为无效', danger: true, run: () => actions.invalidate(report) },
            ]
      }
    />
  );
}
