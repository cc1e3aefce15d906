import { DesktopOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { history, useModel } from '@umijs/max';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { MESSAGES } from '@common/constants';
import { logout } from '@/services/auth';
import { showMessage } from '@/utils/feedback';
import { clearToken } from '@/utils/session';
import ChangePasswordModal from './ChangePasswordModal';
import './HeaderActions.css';

/** Seed §4: on code 200 say so, drop the token and replace the location with the login page. */
export async function signOut() {
  const body = await logout();
  if (body.code === 200) {
    showMessage('success', MESSAGES.operationSuccess);
    clearToken();
    window.location.replace('/user/login');
  }
}

export default function HeaderActions() {
  const { initialState } = useModel('@@initialState');
  const user = initialState?.currentUser;
  const [passwordOpen, setPasswordOpen] = useState(false);
  const greeting = !user || user.access === 'admin' ? '管理员，你好！' : `${user.roleName}，你好！`;
  return (
    <Space size={4} className="header-actions" wrap={false}>
      <Typography.Text className="header-greeting" title={user?.name}>
        <UserOutlined /> {greeting}
      </Typography.Text>
      <Button type="link" icon={<DesktopOutlined />} onClick={() => history.push('/entrance')}>
        工作台
      </Button>
      <Button type="link" icon={<KeyOutlined />} onClick={() => setPasswordOpen(true)}>
        修改密码
      </Button>
      <Button type="link" icon={<LogoutOutlined />} onClick={() => void signOut().catch(() => undefined)}>
        退出登录
      </Button>
      <ChangePasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </Space>
  );
}
