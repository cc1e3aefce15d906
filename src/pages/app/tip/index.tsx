import { history, useSearchParams } from '@umijs/max';
import { Button, Result } from 'antd-mobile';
import MobileLayout, { APP_HOME } from '@/components/MobileLayout';
import { safeAppPath } from '@/utils/safePath';
import './index.css';

const DEFAULTS = {
  success: { title: '操作成功', status: 'success' as const },
  fail: { title: '操作失败', status: 'error' as const },
};

/** A query value as plain text, trimmed and cut to a sane length. */
const textParam = (value: string | null, max: number) => (value ?? '').trim().slice(0, max);

/**
 * /app/tip?type=success|fail&title=&text=&back=&backText= — the result page after an action. The
 * texts are shown as text; the back link is followed only when it is a path of this site.
 */
export default function TipPage() {
  const [searchParams] = useSearchParams();
  const type = searchParams.get('type') === 'fail' ? 'fail' : 'success';
  const title = textParam(searchParams.get('title'), 40) || DEFAULTS[type].title;
  const text = textParam(searchParams.get('text'), 200);
  const back = safeAppPath(searchParams.get('back')) ?? APP_HOME;
  const backText = textParam(searchParams.get('backText'), 16) || (back === APP_HOME ? '返回首页' : '返回');

  return (
    <MobileLayout title={type === 'fail' ? '操作失败' : '操作结果'} back={false}>
      <div className="tip-page">
        <Result status={DEFAULTS[type].status} title={title} description={text || undefined} />
        <div className="tip-actions">
          <Button block color="primary" size="large" onClick={() => history.replace(back)}>
            {backText}
          </Button>
          {back !== APP_HOME ? (
            <Button block fill="none" size="large" onClick={() => history.replace(APP_HOME)}>
              回到首页
            </Button>
          ) : null}
        </div>
      </div>
    </MobileLayout>
  );
}
