import { Link } from '@umijs/max';
import type { Denial } from '../useScreenFigures';

const LOGIN = '/user/login?redirect=/screen';

const HEADINGS: Record<Denial, string> = {
  signIn: '请使用大屏链接打开，或登录后查看',
  noPermission: '当前账号没有「数据大屏」权限',
  keyRefused: '大屏链接无效或已停用',
};

const REASONS: Record<Denial, string> = {
  signIn: '数据大屏只对大屏链接和具有「数据大屏」权限的账号开放，当前浏览器未登录，也没有使用大屏链接。',
  noPermission: '您已登录，但所在角色没有「数据大屏」权限，服务器拒绝提供大屏数据。',
  keyRefused: '此链接中的密钥不存在或已被管理员停用，大屏无法取得数据。',
};

/**
 * The whole screen when the server will not give this screen its figures: what happened and how
 * to get a display link or sign in. Not scaled like the board: it must read on any screen.
 */
export default function DeniedNotice({ denial, message }: { denial: Denial; message: string }) {
  return (
    <main className="screen-denied" role="alert" aria-labelledby="screen-denied-title">
      <div className="screen-denied-card">
        <svg className="screen-denied-icon" viewBox="0 0 64 64" aria-hidden="true">
          <rect x="6" y="10" width="52" height="34" rx="4" fill="none" stroke="currentColor" strokeWidth="3" />
          <path d="M24 54h16M32 44v10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          <circle cx="32" cy="27" r="9" fill="none" stroke="currentColor" strokeWidth="3" />
          <path d="M26 33l12-12" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
        <h1 id="screen-denied-title">{HEADINGS[denial]}</h1>
        <p className="screen-denied-reason">{REASONS[denial]}</p>
        {message && !message.startsWith(HEADINGS[denial]) ? <p className="screen-denied-server">服务器答复：{message}</p> : null}
        <ol className="screen-denied-steps">
          <li>
            <strong>大厅屏幕：</strong>请管理员登录后台，在「系统设置」中生成大屏链接，在大屏电脑的浏览器中打开该链接（形如
            <code>/screen?key=…</code>），无需登录即可长期显示。链接停用后需重新生成。
          </li>
          <li>
            <strong>工作人员：</strong>使用具有「数据大屏」权限的账号登录后打开本页；权限由管理员在「用户管理 → 角色管理」中分配。
          </li>
        </ol>
        <Link className="screen-denied-login" to={LOGIN}>
          {denial === 'noPermission' ? '换个账号登录' : '登录后查看'}
        </Link>
      </div>
    </main>
  );
}
