import { lazy, Suspense } from 'react';
import './index.css';

/**
 * The one rich-text editor of the admin pages (wangEditor 5, Chinese toolbar). The editor module
 * (~280 KB gzip with its CSS) loads on first render, so only editing pages ever fetch it.
 * Controlled like any antd input: put it straight inside a Form.Item.
 */
export interface RichTextEditorProps {
  /** HTML; '' when the editor is empty. */
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  /** Height of the editing area in px. */
  height?: number;
  disabled?: boolean;
  /** Given by Form.Item: names the editing area after the item's label. */
  id?: string;
  'aria-required'?: boolean | 'true' | 'false';
}

const WangEditor = lazy(() => import('./WangEditor'));

export default function RichTextEditor(props: RichTextEditorProps) {
  const height = props.height ?? 360;
  return (
    <Suspense
      fallback={
        <div className="rich-text-editor rich-text-editor-loading" style={{ height: height + 41 }}>
          编辑器加载中…
        </div>
      }
    >
      <WangEditor {...props} height={height} />
    </Suspense>
  );
}

/** Whether an editor's HTML holds nothing a reader would see (no text, no image). */
export function isRichTextBlank(html: string | undefined): boolean {
  if (!html) return true;
  if (/<(img|video|iframe)\b/i.test(html)) return false;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
  return text.length === 0;
}
