import { Link, useModel } from '@umijs/max';
import { PLATFORM_TITLE } from '@common/constants';
import type { CurrentUser } from '@common/contracts/auth';
import routes from '../../../config/routes';
import Footer from '@/components/Footer';
import { accessiblePaths, computeAccess } from '@/utils/routeAccess';
import TileIcon, { type TileIconName } from './components/TileIcon';
import './index.css';

interface Tile {
  key: string;
  title: string;
  description: string;
  to: string;
  icon: TileIconName;
  primary?: boolean;
}

/** 后台管理: the first admin page this user may open; the login page for visitors and for accounts without one. */
function adminTile(user: CurrentUser | undefined): Tile {
  const base = { key: 'admin', title: '后台管理', icon: 'admin' as const, primary: true };
  if (!user) return { ...base, to: '/user/login', description: '工作人员登录后管理任务、新闻与群众服务' };
  const firstPage = accessiblePaths(routes, computeAccess(user))[0];
  if (!firstPage) return { ...base, to: '/user/login', description: '当前账号没有后台权限，可换用工作人员账号登录' };
  return { ...base, to: firstPage, description: '任务、新闻、介绍、组织架构与群众服务的管理' };
}

const PUBLIC_TILES: Tile[] = [
  { key: 'screen', title: '数据大屏', description: '任务、诉求与积分实时汇总，适合大厅屏幕展示', to: '/screen', icon: 'screen' },
  { key: 'app', title: '移动端', description: '新闻动态、任务公开与村情介绍，手机上随时看', to: '/app/index', icon: 'phone' },
  { key: 'digital', title: '数字乡村', description: '各村人口、户数、党员与土地数据一览', to: '/digital', icon: 'digital' },
  { key: 'center', title: '中心介绍', description: '综合治理中心的职能与工作', to: '/introductCenter', icon: 'center' },
  { key: 'villages', title: '村情介绍', description: '各村（社区）基本情况与特色', to: '/introductList', icon: 'village' },
  { key: 'org', title: '组织架构', description: '治理中心组织架构与联系方式', to: '/orgShow', icon: 'org' },
];

/** /entrance: the workbench entry, public; the admin layout's title and 工作台 button lead here. */
export default function EntrancePage() {
  const { initialState } = useModel('@@initialState');
  const user = initialState?.currentUser;
  const settings = initialState?.settings;
  const tiles = [adminTile(user), ...PUBLIC_TILES];

  return (
    <div className="entrance">
      <header className="entrance-top">
        <div className="entrance-top-brand">
          <img src="/logo.svg" alt="" className="entrance-logo" />
          <span>{settings?.centreName || '综合治理中心'}</span>
        </div>
        <div className="entrance-user">
          {user ? (
            <span>
              您好，<strong>{user.name}</strong>
            </span>
          ) : (
            <Link to="/user/login" className="entrance-login">
              登录
            </Link>
          )}
        </div>
      </header>

      <main className="entrance-main">
        <section className="entrance-hero">
          <h1 className="entrance-title">{settings?.platformTitle || PLATFORM_TITLE}</h1>
          <p className="entrance-subtitle">工作台 · 一站进入治理中心各项服务</p>
        </section>
        <nav className="entrance-tiles" aria-label="工作台入口">
          {tiles.map((tile) => (
            <Link
              key={tile.key}
              to={tile.to}
              className={`entrance-tile${tile.primary ? ' entrance-tile-primary' : ''}`}
              data-tile={tile.key}
            >
              <span className={`entrance-tile-icon entrance-tile-icon-${tile.key}`}>
                <TileIcon name={tile.icon} />
              </span>
              <span className="entrance-tile-text">
                <span className="entrance-tile-title">{tile.title}</span>
                <span className="entrance-tile-desc">{tile.description}</span>
              </span>
              <span className="entrance-tile-arrow" aria-hidden="true">
                →
              </span>
            </Link>
          ))}
        </nav>
      </main>
      <Footer settings={settings} dark />
    </div>
  );
}
