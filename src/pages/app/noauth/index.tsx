import { history, useModel } from '@umijs/max';
import { Button, Result } from 'antd-mobile';
import { useState } from 'react';
import MobileLayout from '@/components/MobileLayout';
import { usePageTitle } from '@/utils/documentTitle';
import { CADRE_HOME, isTaskRole } from '@/utils/routeAccess';
import { signOut } from '@/utils/signOut';
import '../tip/index.css';

/**
 * /app/noauth: the signed-in account may not use a page for village cadres; say why and offer a way
 * out. A cadre who lands here (an old link, a bookmark) is told the opposite: their account may,
 * and the way to 我的任务.
 */
export default function NoAuthPage() {
  const { initialState } = useModel('@@initialState');
  const user = initialState?.currentUser;
  const [leaving, setLeaving] = useState(false);
  const mayUseTasks = !!user && isTaskRole(user.access);
  usePageTitle(mayUseTasks ? '提示' : undefined);

  const signInAnother = async () => {
    if (!user) {
      history.push('/user/login');
      return;
    }
    setLeaving(true);
    // The account's phone-form drafts go with it: village phones are shared (ADR 0030). When the
    // server cannot end the session the account stays signed in and the button can be tried again.
    const left = await signOut({ endOnServer: true, forgetDraftsOf: user.id }).catch(() => false);
    if (!left) setLeaving(false);
  };

  if (user && mayUseTasks) {
    return (
      <MobileLayout title="提示" back={CADRE_HOME}>
        <div className="tip-page">
          <Result
            status="info"
            title="您的账号可以提交任务"
            description={`您当前登录的账号“${user.name}”是${user.roleName}，可以在“我的任务”中查看和提交本村（社区）的任务。`}
          />
          <div className="tip-actions">
            <Button block color="primary" size="large" onClick={() => history.replace(CADRE_HOME)}>
              前往我的任务
            </Button>
            <Button block color="primary" fill="outline" size="large" onClick={() => history.push('/app/taskList')}>
              查看公开任务
            </Button>
          </div>
        </div>
      </MobileLayout>
    );
  }

  const description = user ? (
    <>
      该页面供村干部/网格员提交任务使用。您当前登录的账号“{user.name}”的角色是“{user.roleName}”，没有使用该页面的权限。
      如需提交任务，请使用村干部/网格员账号登录，或联系管理员调整角色。
    </>
  ) : (
    '该页面供村干部/网格员使用，请先登录。'
  );

  return (
    <MobileLayout title="没有权限" back="/app/taskList">
      <div className="tip-page">
        <Result status="warning" title="没有访问权限" description={description} />
        <div className="tip-actions">
          <Button block color="primary" size="large" loading={leaving} onClick={signInAnother}>
            {user ? '换个账号登录' : '去登录'}
          </Button>
          <Button block color="primary" fill="outline" size="large" onClick={() => history.push('/app/taskList')}>
            查看公开任务
          </Button>
        </div>
      </div>
    </MobileLayout>
  );
}
