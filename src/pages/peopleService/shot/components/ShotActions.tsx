import { useModel } from '@umijs/max';
import type { ReactNode } from 'react';
import { reachesTown } from '@common/scope';
import { PHOTO_REPORT_STEP_NAMES, type PhotoReportStep, photoReportStepAllowed } from '@common/workflow';
import StepActions, { type Step } from '../../components/StepActions';
import type { ShotActionApi, ShotRef } from './useShotActions';

interface Props {
  report: ShotRef;
  actions: ShotActionApi;
  /** Links in a table row, buttons in the drawer. */
  variant: 'link' | 'button';
  /** In a row, what comes before the steps (查看). */
  lead?: ReactNode;
}

/**
 * The steps the report's state allows (common/workflow.ts) that the back office takes: an open
 * report is 处理 or 标为无效; a village's answer is reviewed (审核通过, 退回) by the centre only. A
 * cadre's own steps are on the phone.
 */
export default function ShotActions({ report, actions, variant, lead }: Props) {
  const { initialState } = useModel('@@initialState');
  const centre = !!initialState?.currentUser && reachesTown(initialState.currentUser);
  const all: Partial<Record<PhotoReportStep, Step>> = {
    handle: { key: 'handle', text: '处理', primary: true, run: () => actions.handle(report) },
    invalid: { key: 'invalid', text: '标为无效', danger: true, run: () => actions.invalidate(report) },
    ...(centre
      ? {
          approve: { key: 'approve', text: '审核通过', primary: true, run: () => actions.approve(report) },
          return: { key: 'return', text: '退回', danger: true, run: () => actions.sendBack(report) },
        }
      : {}),
  };
  const steps = PHOTO_REPORT_STEP_NAMES.filter((step) => all[step] && photoReportStepAllowed(step, report.status)).map(
    (step) => all[step]!,
  );
  return <StepActions variant={variant} lead={lead} steps={steps} />;
}
