import { useModel } from '@umijs/max';
import React from 'react';
import { PLATFORM_TITLE } from '@common/constants';
import Footer from './Footer';
import './UserPageLayout.css';

/**
 * The frame of the pages outside the admin layout: title band, centred content, footer. Its own
 * module without antd, so pages that need none (404) stay light: Umi preloads the '*' route's
 * chunk for every dynamic URL, phone pages included.
 */
export default function PlainUserPageLayout({ children, wide = false }: { children: React.ReactNode; wide?: boolean }) {
  const { initialState } = useModel('@@initialState');
  const settings = initialState?.settings;
  return (
    <div className="user-page">
      <header className="user-page-header">
        <img src="/logo.svg" alt="" className="user-page-logo" />
        <div>
          <h1 className="user-page-title">{settings?.platformTitle ?? PLATFORM_TITLE}</h1>
          {settings?.centreName ? <p className="user-page-subtitle">{settings.centreName}</p> : null}
        </div>
      </header>
      <main className={`user-page-main${wide ? ' user-page-main-wide' : ''}`}>{children}</main>
      <Footer settings={settings} />
    </div>
  );
}
