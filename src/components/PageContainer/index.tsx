import { PageContainer as ProPageContainer, type PageContainerProps } from '@ant-design/pro-components';
import type { ReactNode } from 'react';
import './pageContainer.css';

type Props = Omit<PageContainerProps, 'title'> & { title: ReactNode };

/**
 * An admin page's frame: pro-components' PageContainer (the breadcrumb and the signed-in user's
 * watermark come from ProLayout, src/app.tsx) with the page's title as its one level-1 heading: the
 * frame's title is not one.
 */
export default function PageContainer({ title, ...props }: Props) {
  return (
    <ProPageContainer
      {...props}
      title={
        <span role="heading" aria-level={1} className="page-container-title">
          {title}
        </span>
      }
    />
  );
}
