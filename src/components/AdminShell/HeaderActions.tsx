import { DesktopOutlined, DownOutlined, KeyOutlined, LogoutOutlined, SwitcherOutlined, UserOutlined } from '@ant-design/icons';
import { history, useModel } from '@umijs/max';
import { Button, Dropdown, Grid, Space, Tooltip, theme } from 'antd';
import React, { lazy, Suspense, useState } from 'react';
import { ADMIN_ROLE_CODE, MESSAGES } from '@common/constants';
import type { CurrentUser } from '@common/contracts/auth';
import { showMessage } from '@/utils/feedback';
import { signOut } from '@/utils/signOut';
import { setTabsEnabled, useTabsEnabled } from '../Workbench/store';
import NoticeBell from './NoticeBell';
import HeaderSearch from './HeaderSearch';
import { useOpenedOnce } from '@/hooks/useOpenedOnce';
import './HeaderActions.css';

// The password dialog loads when it first opens (or at once when the password must be changed).
const ChangePasswordModal = lazy(() => import('./ChangePasswordModal'));

/**
 * The header greets the signed-in user by their role (docs/product.md §14): 超级管理员 as 管理员, everyone
 * else by their role's name; the account menu under it names the person.
 */
const headerGreeting = (user: Pick<CurrentUser, 'access' | 'roleName'>) =>
  `${user.access === ADMIN_ROLE_CODE ? '管理员' : user.roleName}，你好！`;

/**
 * 退出登录: the server ends the session, then the account's phone-form drafts go (village phones
 * are shared, ADR 0030) and the login page says it worked (docs/product.md §3).
 */
export const signOutHere = (account?: number) =>
  signOut({ endOnServer: true, forgetDraftsOf: account, notice: { kind: 'success', text: MESSAGES.operationSuccess } });

export default function HeaderActions() {
  const { initialState } = useModel('@@initialState');
  const user = initialState?.currentUser;
  const [passwordOpen, setPasswordOpen] = useState(false);
  const passwordShown = passwordOpen || Boolean(user?.mustChangePassword);
  const passwordLoaded = useOpenedOnce(passwordShown);
  const tabsOn = useTabsEnabled();
  const screens = Grid.useBreakpoint();
  const { token } = theme.useToken();
  // The layout shows no header without a user; nothing here may call the API before one exists.
  if (!user) return null;
  // On a phone only the icons fit beside the menu button; their names stay as tooltips and labels.
  const compact = !screens.md;
  const greeting = headerGreeting(user);
  const action = (label: string, icon: React.ReactNode, onClick: () => void) => (
    <Tooltip title={compact ? label : undefined}>
      <Button type="link" icon={icon} onClick={onClick} aria-label={label}>
        {compact ? null : label}
      </Button>
    </Tooltip>
  );
  const accountPanel = (menu: React.ReactNode) => (
    <div
      className="header-account-panel"
      style={{ background: token.colorBgElevated, borderRadius: token.borderRadiusLG, boxShadow: token.boxShadowSecondary }}
    >
      <div className="header-account-who" role="note" aria-label="当前登录">
        <div className="header-account-name">{user.name}</div>
        <div className="header-account-role" style={{ color: token.colorTextSecondary }}>
          {user.roleName} · {user.account}
        </div>
      </div>
      {React.isValidElement<{ style?: React.CSSProperties }>(menu) ? React.cloneElement(menu, { style: { boxShadow: 'none' } }) : menu}
    </div>
  );
  return (
    <Space size={compact ? 0 : 4} className="header-actions" wrap={false}>
      {compact ? null : <HeaderSearch />}
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        popupRender={accountPanel}
        menu={{
          items: [
            { key: 'password', icon: <KeyOutlined />, label: '修改密码' },
            { key: 'tabs', icon: <SwitcherOutlined />, label: tabsOn ? '关闭多标签页' : '开启多标签页' },
          ],
          onClick: ({ key }) => {
            if (key === 'password') setPasswordOpen(true);
            if (key === 'tabs') {
              setTabsEnabled(!tabsOn);
              showMessage('success', tabsOn ? '已关闭多标签页：页面不再以标签页打开' : '已开启多标签页：打开过的页面保留在上方的标签页中');
            }
          },
        }}
      >
        <Button type="text" className="header-greeting" icon={<UserOutlined />} aria-label={compact ? greeting : undefined}>
          {compact ? null : (
            <>
              <span className="header-greeting-text">{greeting}</span>
              <DownOutlined className="header-greeting-arrow" />
            </>
          )}
        </Button>
      </Dropdown>
      <NoticeBell />
      {action('工作台', <DesktopOutlined />, () => history.push('/entrance'))}
      {action('退出登录', <LogoutOutlined />, () => void signOutHere(user.id).catch(() => undefined))}
      {passwordLoaded ? (
        <Suspense fallback={null}>
          <ChangePasswordModal
            open={passwordShown}
            forced={Boolean(user?.mustChangePassword)}
            person={user}
            onClose={() => setPasswordOpen(false)}
          />
        </Suspense>
      ) : null}
    </Space>
  );
}
