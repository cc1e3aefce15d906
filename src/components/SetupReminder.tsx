import { history, useAccess, useModel } from '@umijs/max';
import { Alert, Button, Space } from 'antd';
import { useEffect, useState } from 'react';
import type { SetupSettingKey } from '@common/contracts/system';
import { querySettings } from '@/services/auth';

const DISMISSED_KEY = 'setupReminderDismissed';

const ITEMS: Record<SetupSettingKey, string> = {
  centreName: '中心名称仍是安装时的初始名称，请改为本中心的正式名称（显示在页脚和工作台）。',
  icpNumber: '尚未填写网站备案号（ICP备案号）：网站在互联网上开放时须在页脚显示；只在内网使用可留空。',
};

/**
 * The first-run request to an admin (ADR 0026): the centre name and the filing number, until the
 * settings have been saved once. On the dashboard it leads to 系统设置 and can be put off for this
 * sign-in; on 系统设置 itself it says what to fill in. It never blocks anything.
 */
export default function SetupReminder({ place }: { place: 'dashboard' | 'settings' }) {
  const { canAdmin } = useAccess();
  const { initialState } = useModel('@@initialState');
  const [unset, setUnset] = useState<SetupSettingKey[]>([]);
  const [dismissed, setDismissed] = useState(() => place === 'dashboard' && sessionStorage.getItem(DISMISSED_KEY) === '1');

  // Asked anew when the settings change (a save on 系统设置 answers it).
  const settings = initialState?.settings;
  useEffect(() => {
    if (!canAdmin || dismissed) return undefined;
    let alive = true;
    querySettings({ skipErrorHandler: true })
      .then((body) => alive && setUnset(body.data?.unset ?? []))
      .catch(() => undefined); // no reminder is better than an error about a reminder
    return () => {
      alive = false;
    };
  }, [canAdmin, dismissed, settings]);

  if (!canAdmin || dismissed || !unset.length) return null;
  const description = (
    <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
      {unset.map((key) => (
        <li key={key}>{ITEMS[key]}</li>
      ))}
    </ul>
  );
  if (place === 'settings') {
    return (
      <Alert
        type="info"
        showIcon
        role="status"
        message="首次使用：请核对以下设置并保存"
        description={description}
        style={{ marginBottom: 16 }}
      />
    );
  }
  return (
    <Alert
      type="info"
      showIcon
      role="status"
      message="请完善平台设置"
      description={description}
      style={{ marginBottom: 16 }}
      action={
        <Space direction="vertical">
          <Button type="primary" onClick={() => history.push('/system/settings')}>
            前往设置
          </Button>
          <Button
            onClick={() => {
              sessionStorage.setItem(DISMISSED_KEY, '1');
              setDismissed(true);
            }}
          >
            稍后再说
          </Button>
        </Space>
      }
    />
  );
}
