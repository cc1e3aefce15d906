import { history } from '@umijs/max';
import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { LoadFailed } from '@/components/AppTask/ListStates';
import type { Loaded } from '@/hooks/useLoaded';

function DetailSkeleton() {
  return (
    <>
      <div className="m-section" aria-busy="true" aria-label="加载中">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={3} animated />
      </div>
      <div className="m-section" aria-hidden="true">
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    </>
  );
}

/** How a missing record is explained and where its button leads back to (the villager's records by default). */
export interface NotFoundText {
  description?: string;
  backText?: string;
}

/** A record that is not there, or not the caller's: said the same way (the server answers 404 or 403). */
export function NotFound({
  what,
  back,
  description = '可能地址有误，或这不是您提交的记录',
  backText = '查看我的记录',
}: { what: string; back: string } & NotFoundText) {
  return (
    <div className="m-state">
      <ErrorBlock status="empty" title={`${what}不存在`} description={description} />
      <Button color="primary" fill="outline" onClick={() => history.replace(back)}>
        {backText}
      </Button>
    </div>
  );
}

/** The loading, missing and failed states of a detail page; the page itself once loaded. */
export function DetailStates<T>({
  loaded,
  what,
  back,
  notFound,
  children,
}: {
  loaded: Loaded<T> & { reload: () => void };
  what: string;
  back: string;
  notFound?: NotFoundText;
  children: (data: T) => ReactNode;
}) {
  if (loaded.status === 'loading') return <DetailSkeleton />;
  if (loaded.status === 'error') {
    if (loaded.code === 404 || loaded.code === 403 || loaded.code === 400) return <NotFound what={what} back={back} {...notFound} />;
    return <LoadFailed message={loaded.message} onRetry={loaded.reload} />;
  }
  return <>{children(loaded.data)}</>;
}

/** A line of facts under a detail title, with its icon. */
export function InfoLine({ icon, children, tone }: { icon: ReactNode; children: ReactNode; tone?: 'danger' | 'warning' }) {
  return (
    <div className={`app-task-line${tone ? ` svc-line-${tone}` : ''}`}>
      {icon}
      <span>{children}</span>
    </div>
  );
}

export const TimeIcon = () => <ClockCircleOutline aria-hidden />;
