import type { ReactNode } from 'react';
import StepActions, { type Step } from '../../components/StepActions';
import type { AppealActionApi, AppealRef } from './useAppealActions';

interface Props {
  appeal: AppealRef;
  actions: AppealActionApi;
  /** Links in a table row, buttons in the drawer. */
  variant: 'link' | 'button';
  /** In a row, what comes before the steps (查看). */
  lead?: ReactNode;
}

/** Only the steps the appeal's state allows: pending 受理/不予受理, processing 答复/不予受理, replied 办结. */
export default function AppealActions({ appeal, actions, variant, lead }: Props) {
  const steps: Step[] = [];
  if (appeal.status === 'pending') steps.push({ key: 'accept', text: '受理', primary: true, run: () => actions.accept(appeal) });
  if (appeal.status === 'processing') steps.push({ key: 'reply', text: '答复', primary: true, run: () => actions.reply(appeal) });
  if (appeal.status === 'replied') steps.push({ key: 'close', text: '办结', primary: true, run: () => actions.close(appeal) });
  if (appeal.status === 'pending' || appeal.status === 'processing') {
    steps.push({ key: 'reject', text: '不予受理', danger: true, run: () => actions.reject(appeal) });
  }
  return <StepActions steps={steps} variant={variant} lead={lead} />;
}
