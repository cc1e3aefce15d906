import { AntdTheme } from '../AntdProviders';
import HeaderActionsBar from './HeaderActions';
import './admin.css';

export { default as AdminProviders } from '../AntdProviders';
export { default as MenuIcon } from './MenuIcon';

/** ProLayout draws the header outside the page's providers: the header's buttons get the theme here. */
export function HeaderActions() {
  return (
    <AntdTheme>
      <HeaderActionsBar />
    </AntdTheme>
  );
}
