import { useModel, useSelectedRoutes } from '@umijs/max';
import { Breadcrumb, Space, Watermark } from 'antd';
import type { ReactNode } from 'react';
import './pageContainer.css';

interface Props {
  title: ReactNode;
  subTitle?: ReactNode;
  /** Beside the title (e.g. a status badge). */
  tags?: ReactNode;
  /** Buttons at the right of the title. */
  extra?: ReactNode;
  /** A line under the title. */
  content?: ReactNode;
  children?: ReactNode;
}

/**
 * The menu groups above the page, as the admin layout has always shown them: each level of the
 * address the menu names ("用户管理 / 用户列表"), when there are two or more.
 */
function useBreadcrumb(): string[] {
  const names: string[] = [];
  const paths = new Set<string>();
  for (const { route } of useSelectedRoutes()) {
    const { name, path } = route as { name?: string; path?: string };
    // A menu group and its first page may share a path (数据概览): the level shows once.
    if (name && path && !paths.has(path)) {
      paths.add(path);
      names.push(name);
    }
  }
  return names.length > 1 ? names : [];
}

/**
 * An admin page's frame: the breadcrumb, the title line (title, subtitle, tags, buttons), an
 * optional line under it, then the page under the signed-in user's name as a watermark. It keeps
 * the seed's look and antd's page-header class names, which the layout's styles and the browser
 * journeys find the title by.
 */
export default function PageContainer({ title, subTitle, tags, extra, content, children }: Props) {
  const breadcrumb = useBreadcrumb();
  const { initialState } = useModel('@@initialState');
  const name = initialState?.currentUser?.name;
  const body = <div className="page-container-children">{children}</div>;
  return (
    <div className="page-container">
      <div className="ant-page-header page-container-header">
        {breadcrumb.length ? (
          <Breadcrumb className="ant-page-header-breadcrumb" items={breadcrumb.map((item) => ({ title: item }))} />
        ) : null}
        <div className="ant-page-header-heading">
          <div className="ant-page-header-heading-left">
            {/* The page's one first-level heading: the frame's title is not one. */}
            <h1 className="ant-page-header-heading-title" title={typeof title === 'string' ? title : undefined}>
              {title}
            </h1>
            {subTitle ? (
              <span className="ant-page-header-heading-sub-title" title={typeof subTitle === 'string' ? subTitle : undefined}>
                {subTitle}
              </span>
            ) : null}
            {tags ? <span className="ant-page-header-heading-tags">{tags}</span> : null}
          </div>
          {extra ? (
            <span className="ant-page-header-heading-extra">
              <Space>{extra}</Space>
            </span>
          ) : null}
        </div>
        {content ? <div className="ant-page-header-content">{content}</div> : null}
      </div>
      {name ? (
        // pro-layout's mark (120 × 64, one every 332 × 286 px), drawn by antd, which staggers alternate columns.
        <Watermark content={name} width={120} height={64} gap={[197, 182]} font={{ color: 'rgba(0,0,0,.15)', fontSize: 16 }}>
          {body}
        </Watermark>
      ) : (
        body
      )}
    </div>
  );
}
