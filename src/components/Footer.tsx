import type { Settings } from '@common/contracts/system';
import './Footer.css';

/** Where a filing number is looked up: a site shows its number as a link there. */
const ICP_LOOKUP_URL = 'https://beian.miit.gov.cn/';

/**
 * The current year, the centre's name and the filing number, the last only once an admin
 * has entered it in 系统设置 (docs/product.md §14, ADR 0026). No antd, usable anywhere.
 */
export default function Footer({ settings, dark = false }: { settings?: Settings; dark?: boolean }) {
  const year = new Date().getFullYear();
  const icp = settings?.icpNumber?.trim();
  return (
    <footer className={`app-footer${dark ? ' app-footer-dark' : ''}`}>
      <span>
        Copyright © {year} {settings?.centreName ?? ''}
      </span>
      {icp ? (
        <a className="app-footer-icp" href={ICP_LOOKUP_URL} target="_blank" rel="noreferrer">
          {icp}
        </a>
      ) : null}
    </footer>
  );
}
