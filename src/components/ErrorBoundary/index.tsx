import { useLocation } from '@umijs/max';
import React from 'react';
import './index.css';

/** webpack's words for a script or style chunk that did not arrive (weak network, files replaced by a deploy). */
function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    (error as { code?: string }).code === 'CSS_CHUNK_LOAD_FAILED' ||
    /Loading (CSS )?chunk [^ ]+ failed/i.test(error.message)
  );
}

/** The browser's reload, called from one place (tests count the calls: jsdom cannot reload). */
export const page = { reload: () => window.location.reload() };

const RETRY_KEY = 'chunkRetry';
/** A second failure within this time after the automatic reload is shown instead of reloading again. */
const RETRY_WINDOW_MS = 60_000;

/**
 * Reloads the page once by itself after a chunk failed to load: a deploy that replaced the hashed
 * files is mended by the fresh index.html, a brief network drop by trying again. Answers false when
 * this page was just reloaded for the same reason, so a persistent failure shows its message.
 */
function reloadOnceForChunk(): boolean {
  const here = window.location.pathname + window.location.search;
  try {
    const last = JSON.parse(sessionStorage.getItem(RETRY_KEY) ?? 'null') as { at: number; url: string } | null;
    if (last && last.url === here && Date.now() - last.at < RETRY_WINDOW_MS) return false;
    sessionStorage.setItem(RETRY_KEY, JSON.stringify({ at: Date.now(), url: here }));
  } catch {
    return false;
  }
  page.reload();
  return true;
}

interface Props {
  children?: React.ReactNode;
  /** The boundary starts over when this changes (the address): another page may well load. */
  resetKey?: string;
  /** 'page' inside a frame that stays; 'screen' fills the window (the root). */
  variant?: 'page' | 'screen';
  /** Puts the message in a frame of its own (the phone bar and tab bar) when the frame failed with the page. */
  frame?: (message: React.ReactNode) => React.ReactNode;
}

interface State {
  error?: unknown;
  reloading: boolean;
}

/**
 * Plain React and CSS (no antd): it wraps the phone and public pages too, and the whole app at the
 * root. Whatever fails below it, the frame around it stays and a Chinese message offers 重新加载.
 */
export class ErrorBoundary extends React.Component<Props, State> {
  state: State = { reloading: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  componentDidCatch(error: unknown) {
    if (isChunkLoadError(error) && reloadOnceForChunk()) this.setState({ reloading: true });
  }

  componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.error !== undefined) this.setState({ error: undefined, reloading: false });
  }

  render() {
    const { error, reloading } = this.state;
    if (error === undefined) return this.props.children;
    const message = <ErrorMessage error={error} reloading={reloading} variant={this.props.variant} />;
    return this.props.frame ? this.props.frame(message) : message;
  }
}

/** What a boundary shows: what happened, in Chinese, and 重新加载 (a fresh page loads every chunk again). */
function ErrorMessage({ error, reloading = false, variant = 'page' }: { error: unknown; reloading?: boolean; variant?: Props['variant'] }) {
  const chunk = isChunkLoadError(error);
  return (
    <div className={`error-boundary error-boundary-${variant}`} role="alert">
      <h2 className="error-boundary-title">{reloading ? '正在重新加载…' : chunk ? '页面加载失败' : '页面出错了'}</h2>
      {reloading ? null : (
        <>
          <p className="error-boundary-text">
            {chunk
              ? '网络不稳定，或系统刚刚更新，页面的部分内容没有加载成功。请检查网络后重新加载。'
              : '页面遇到了意外的问题。请重新加载；如果问题持续出现，请联系系统管理员。'}
          </p>
          <button type="button" className="error-boundary-button" onClick={() => page.reload()}>
            重新加载
          </button>
        </>
      )}
    </div>
  );
}

/** The root's boundary: fills the window when nothing inside it could keep a frame. */
export function RootBoundary({ children }: { children?: React.ReactNode }) {
  return <ErrorBoundary variant="screen">{children}</ErrorBoundary>;
}

/** A boundary that starts over when the address changes: for the content of a frame. */
export function ContentBoundary({ children, frame }: { children?: React.ReactNode; frame?: Props['frame'] }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} frame={frame}>
      {children}
    </ErrorBoundary>
  );
}
