import { DesktopOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { history, useModel } from '@umijs/max';
import { Button, Grid, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { MESSAGES } from '@common/constants';
import { logout } from '@/services/auth';
import { showMessage } from '@/utils/feedback';
import { appUrl, clearToken, setLoginNotice } from '@/utils/session';
import ChangePasswordModal from './ChangePasswordModal';
import NoticeBell from './NoticeBell';
import './HeaderActions.css';

/** Seed §4: on code 200 say so, drop the token and replace the location with the login page. */
export async function signOut() {
  const body = await logout();
  if (body.code === 200) {
    showMessage('success', MESSAGES.operationSuccess);
    clearToken();
    setLoginNotice({ kind: 'success', text: MESSAGES.operationSuccess });
    window.location.replace(appUrl('/user/login'));
  }
}

export default function HeaderActions() {
  const { initialState } = useModel('@@initialState');
  const user = initialState?.currentUser;
  const [passwordOpen, setPasswordOpen] = useState(false);
  const screens = Grid.useBreakpoint();
  // On a phone only the icons fit beside the menu button; their names stay as tooltips and labels.
  const compact = !screens.md;
  const greeting = !user || user.access === 'admin' ? '管理员，你好！' : `${user.roleName}，你好！`;
  const action = (label: string, icon: React.ReactNode, onClick: () => void) => (
    <Tooltip title={compact ? label : undefined}>
      <Button type="link" icon={icon} onClick={onClick} aria-label={label}>
        {compact ? null : label}
      </Button>
    </Tooltip>
  );
  return (
    <Space size={compact ? 0 : 4} className="header-actions" wrap={false}>
      {compact ? null : (
        <Typography.Text className="header-greeting" title={user?.name}>
          <UserOutlined /> {greeting}
        </Typography.Text>
      )}
      <NoticeBell />
      {action('工作台', <DesktopOutlined />, () => history.push('/entrance'))}
      {action('修改密码', <KeyOutlined />, () => setPasswordOpen(true))}
      {action('退出登录', <LogoutOutlined />, () => void signOut().catch(() => undefined))}
      <ChangePasswordModal
        open={passwordOpen || Boolean(user?.mustChangePassword)}
        forced={Boolean(user?.mustChangePassword)}
        onClose={() => setPasswordOpen(false)}
      />
    </Space>
  );
}
