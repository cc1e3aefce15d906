import type { Settings } from '@common/contracts/system';
import './Footer.css';

/** Seed §1: the current year, the centre's name and the filing number. No antd, usable anywhere. */
export default function Footer({ settings, dark = false }: { settings?: Settings; dark?: boolean }) {
  const year = new Date().getFullYear();
  return (
    <footer className={`app-footer${dark ? ' app-footer-dark' : ''}`}>
      <span>
        Copyright © {year} {settings?.centreName ?? ''}
      </span>
      {settings?.icpNumber ? <span className="app-footer-icp">{settings.icpNumber}</span> : null}
    </footer>
  );
}
