import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { DangerLink, RowActions, RowLink } from '@/components/TableParts';

/** One step a record's state allows (受理, 处理, 标为无效…). */
export interface Step {
  key: string;
  text: string;
  primary?: boolean;
  /** Refuses or ends the record: set apart, in red; its modal asks for a reason first. */
  danger?: boolean;
  run: () => void;
}

interface Props {
  steps: Step[];
  /** Links in a table row, buttons in the drawer. */
  variant: 'link' | 'button';
  /** In a row, what comes before the steps (查看). */
  lead?: ReactNode;
}

/** The steps as spaced links in a table row (refusals after a divider) or as buttons in the drawer. */
export default function StepActions({ steps, variant, lead }: Props) {
  if (variant === 'button') {
    if (!steps.length) return null;
    return (
      <Space wrap>
        {steps.map((step) => (
          <Button key={step.key} type={step.primary ? 'primary' : 'default'} danger={step.danger} onClick={step.run}>
            {step.text}
          </Button>
        ))}
      </Space>
    );
  }
  const danger = steps.filter((step) => step.danger);
  return (
    <RowActions
      danger={
        danger.length
          ? danger.map((step) => (
              <DangerLink key={step.key} onClick={step.run}>
                {step.text}
              </DangerLink>
            ))
          : null
      }
    >
      {lead}
      {steps
        .filter((step) => !step.danger)
        .map((step) => (
          <RowLink key={step.key} onClick={step.run}>
            {step.text}
          </RowLink>
        ))}
    </RowActions>
  );
}
