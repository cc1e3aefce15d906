import type { ReactNode } from 'react';
import { APPEAL_STEP_NAMES, type AppealStep, appealStepAllowed, callbackAllowed } from '@common/workflow';
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

/**
 * Only the steps the appeal's state allows (common/workflow.ts): pending 受理/不予受理, processing
 * 答复/不予受理, replied 办结, and 回访 while an answered appeal is unrated.
 */
export default function AppealActions({ appeal, actions, variant, lead }: Props) {
  const all: Record<AppealStep, Step> = {
    accept: { key: 'accept', text: '受理', primary: true, run: () => actions.accept(appeal) },
    reply: { key: 'reply', text: '答复', primary: true, run: () => actions.reply(appeal) },
    close: { key: 'close', text: '办结', primary: true, run: () => actions.close(appeal) },
    reject: { key: 'reject', text: '不予受理', danger: true, run: () => actions.reject(appeal) },
  };
  const steps = APPEAL_STEP_NAMES.filter((step) => appealStepAllowed(step, appeal.status)).map((step) => all[step]);
  if (callbackAllowed(appeal)) steps.push({ key: 'callback', text: '回访', run: () => actions.callback(appeal) });
  return <StepActions steps={steps} variant={variant} lead={lead} />;
}
