import { Button, ErrorBlock, Skeleton } from 'antd-mobile';

/** Placeholder cards while the first page loads. */
export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div aria-busy="true" aria-label="加载中">
      {Array.from({ length: rows }, (_, i) => (
        <div className="app-task-card" key={i}>
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={3} animated />
        </div>
      ))}
    </div>
  );
}

export function LoadFailed({ message, onRetry }: { message?: string; onRetry: () => void }) {
  return (
    <div className="m-state" role="alert">
      <ErrorBlock status="default" title="加载失败" description={message || '请检查网络后重试'} />
      <Button color="primary" fill="outline" onClick={onRetry}>
        重新加载
      </Button>
    </div>
  );
}

export function EmptyList({ title, description }: { title: string; description?: string }) {
  return (
    <div className="m-state">
      <ErrorBlock status="empty" title={title} description={description ?? ''} />
    </div>
  );
}

/** InfiniteScroll's footer: loading, the end, or a failed page with a retry. */
export function ScrollFooter({ hasMore, failed, retry }: { hasMore: boolean; failed: boolean; retry: () => void }) {
  if (failed) {
    return (
      <button type="button" className="app-scroll-retry" onClick={retry}>
        加载失败，点击重试
      </button>
    );
  }
  return <span className="m-muted">{hasMore ? '加载中…' : '没有更多了'}</span>;
}
