import { Button, Space, Typography } from 'antd';

/** One step a record's state allows (受理, 处理, 标为无效…). */
export interface Step {
  key: string;
  text: string;
  primary?: boolean;
  danger?: boolean;
  run: () => void;
}

/** The steps as links in a table row or as buttons in the drawer; nothing when there are none. */
export default function StepActions({ steps, variant }: { steps: Step[]; variant: 'link' | 'button' }) {
  if (!steps.length) return null;

  if (variant === 'button') {
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
  return (
    <>
      {steps.map((step) =>
        step.danger ? (
          <Typography.Link key={step.key} type="danger" onClick={step.run}>
            {step.text}
          </Typography.Link>
        ) : (
          <a key={step.key} onClick={step.run}>
            {step.text}
          </a>
        ),
      )}
    </>
  );
}
