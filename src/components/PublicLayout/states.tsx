/** Loading, empty and error states of the public pages, in plain CSS (no antd). */
import type { ReactNode } from 'react';
import './states.css';

export function PublicLoading({ text = '正在加载…' }: { text?: string }) {
  return (
    <div className="public-state" role="status" aria-busy="true" aria-label="加载中">
      <span className="public-spinner" aria-hidden="true" />
      <p className="public-state-text">{text}</p>
    </div>
  );
}

export function PublicEmpty({ title, description, children }: { title: string; description?: ReactNode; children?: ReactNode }) {
  return (
    <div className="public-state">
      <svg className="public-state-icon" viewBox="0 0 64 48" aria-hidden="true">
        <ellipse cx="32" cy="42" rx="28" ry="5" fill="#f0f3f7" />
        <path d="M10 18 18 6h28l8 12v18H10z" fill="#fafbfc" stroke="#d3dbe6" strokeWidth="1.5" />
        <path d="M10 18h14a8 8 0 0 0 16 0h14" fill="none" stroke="#d3dbe6" strokeWidth="1.5" />
      </svg>
      <p className="public-state-title">{title}</p>
      {description ? <p className="public-state-text">{description}</p> : null}
      {children}
    </div>
  );
}

export function PublicError({ message, onRetry, title = '加载失败' }: { message?: string; onRetry?: () => void; title?: string }) {
  return (
    <div className="public-state" role="alert">
      <svg className="public-state-icon" viewBox="0 0 48 48" aria-hidden="true">
        <circle cx="24" cy="24" r="20" fill="#fff2f0" stroke="#ffccc7" strokeWidth="1.5" />
        <path d="M24 13v14" stroke="#ff4d4f" strokeWidth="3" strokeLinecap="round" />
        <circle cx="24" cy="33.5" r="2" fill="#ff4d4f" />
      </svg>
      <p className="public-state-title">{title}</p>
      <p className="public-state-text">{message || '请检查网络后重试'}</p>
      {onRetry ? (
        <button type="button" className="public-btn" onClick={onRetry}>
          重新加载
        </button>
      ) : null}
    </div>
  );
}
