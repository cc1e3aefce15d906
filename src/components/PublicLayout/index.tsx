/**
 * The light frame of the public desktop pages (/introductCenter, /introductList, /orgShow, /digital):
 * a blue header with the logo, the platform title and links to the public pages and 工作台, a page
 * heading, the content and the footer. Plain CSS, no antd: these pages are opened on phones and on
 * the centre's wall screen too.
 */
import { Link, useLocation, useModel } from '@umijs/max';
import type { ReactNode } from 'react';
import { PLATFORM_TITLE } from '@common/constants';
import { ContentBoundary } from '@/components/ErrorBoundary';
import Footer from '@/components/Footer';
import './index.css';

const PUBLIC_NAV = [
  { path: '/entrance', label: '工作台' },
  { path: '/introductCenter', label: '中心介绍' },
  { path: '/introductList', label: '村情介绍' },
  { path: '/orgShow', label: '组织架构' },
  { path: '/digital', label: '数字乡村' },
] as const;

interface PublicLayoutProps {
  /** The page heading under the header. */
  title: ReactNode;
  /** A line under the heading. */
  subtitle?: ReactNode;
  /** Something at the heading's right end (a back link, a switch). */
  extra?: ReactNode;
  /** Content width: 'normal' (1200), 'wide' (1600, wall screens), 'full'. */
  width?: 'normal' | 'wide' | 'full';
  children?: ReactNode;
}

export default function PublicLayout({ title, subtitle, extra, width = 'normal', children }: PublicLayoutProps) {
  const { initialState } = useModel('@@initialState');
  const settings = initialState?.settings;
  const { pathname } = useLocation();
  const active = (path: string) => pathname === path || pathname.startsWith(`${path}/`);

  return (
    <div className={`public-page public-page-${width}`}>
      <header className="public-header">
        <div className="public-header-inner">
          <Link to="/entrance" className="public-brand">
            <img src="/logo.svg" alt="" className="public-brand-logo" />
            <span className="public-brand-text">
              <span className="public-brand-title">{settings?.platformTitle || PLATFORM_TITLE}</span>
              {settings?.centreName ? <span className="public-brand-sub">{settings.centreName}</span> : null}
            </span>
          </Link>
          <nav className="public-nav" aria-label="公开页面">
            {PUBLIC_NAV.map((item) => (
              <Link
                key={item.path}
                to={item.path}
                className={`public-nav-link${active(item.path) ? ' public-nav-link-active' : ''}`}
                aria-current={active(item.path) ? 'page' : undefined}
              >
                {item.label}
              </Link>
            ))}
          </nav>
        </div>
      </header>
      <div className="public-heading">
        <div className="public-container public-heading-inner">
          <div className="public-heading-text">
            <h1 className="public-title">{title}</h1>
            {subtitle ? <p className="public-subtitle">{subtitle}</p> : null}
          </div>
          {extra ? <div className="public-heading-extra">{extra}</div> : null}
        </div>
      </div>
      <main className="public-main">
        <div className="public-container">
          <ContentBoundary>{children}</ContentBoundary>
        </div>
      </main>
      <Footer settings={settings} />
    </div>
  );
}
