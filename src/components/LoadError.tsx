import { Alert, Button } from 'antd';

/** A list's error state: what failed and a way to try again. */
export default function LoadError({ message, onRetry }: { message?: string; onRetry: () => void }) {
  if (!message) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={{ marginBottom: 16 }}
      message={`数据加载失败：${message}`}
      action={
        <Button size="small" danger onClick={onRetry}>
          重试
        </Button>
      }
    />
  );
}
