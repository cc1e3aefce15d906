import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { relativeTime } from '@/utils/timeText';
import './index.css';

/**
 * The bar over a form whose draft came back (ADR 0030): when it was kept, and 清除 to start over,
 * asked once more in place (no dialog: the phone pages stay light).
 */
export default function DraftNotice({ savedAt, onClear }: { savedAt?: number; onClear(): Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const [clearing, setClearing] = useState(false);
  if (savedAt === undefined) return null;
  const clear = async () => {
    setClearing(true);
    await onClear();
    Toast.show({ content: '已清除，可以重新填写' });
  };
  return (
    <div className="draft-notice" role="status">
      {asking ? (
        <>
          <span className="draft-notice-text">清除后，已填写的内容和照片都不再保留。确定清除吗？</span>
          <span className="draft-notice-actions">
            <button type="button" className="draft-notice-danger" onClick={clear} disabled={clearing}>
              确定清除
            </button>
            <button type="button" onClick={() => setAsking(false)} disabled={clearing}>
              保留
            </button>
          </span>
        </>
      ) : (
        <>
          <span className="draft-notice-text">已恢复上次未提交的内容（{relativeTime(new Date(savedAt).toISOString())}保存）</span>
          <span className="draft-notice-actions">
            <button type="button" onClick={() => setAsking(true)}>
              清除
            </button>
          </span>
        </>
      )}
    </div>
  );
}
