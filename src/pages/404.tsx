import { history, useModel } from '@umijs/max';
import PlainUserPageLayout from '@/components/PlainUserPageLayout';
import './404.css';

/** No antd here: Umi preloads this chunk alongside every dynamic phone route (/app/mytask/:id). */
export default function NotFoundPage() {
  const { initialState } = useModel('@@initialState');
  const home = initialState?.currentUser ? '/' : '/user/login';
  return (
    <PlainUserPageLayout wide>
      <div className="user-page-card not-found">
        <div className="not-found-code" aria-hidden="true">
          404
        </div>
        <h2>页面不存在</h2>
        <p className="not-found-text">抱歉，您访问的页面不存在，可能已被删除或地址有误。</p>
        <div className="not-found-actions">
          <button type="button" className="not-found-btn not-found-btn-primary" onClick={() => history.push(home)}>
            返回首页
          </button>
          <button type="button" className="not-found-btn" onClick={() => history.back()}>
            返回上一页
          </button>
        </div>
      </div>
    </PlainUserPageLayout>
  );
}
