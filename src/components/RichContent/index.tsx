/**
 * Rich text from the editor (news, introductions, tasks). The server sanitises it when it is saved
 * (allow-listed tags and attributes, no scripts, handlers or foreign URLs), so it is rendered as HTML
 * here, inside a typographic box that keeps images within the width, lets wide tables scroll and
 * wraps long words. The box inherits its font size from the page (the phone's large-text mode too).
 * Everything that is not rich text is rendered as text by the pages, never through here.
 */
import './index.css';

interface RichContentProps {
  html: string | null | undefined;
  /** Shown when there is no content at all. */
  emptyText?: string;
  className?: string;
}

export default function RichContent({ html, emptyText = '（暂无详细内容）', className }: RichContentProps) {
  if (!html || !html.trim()) return <p className="rich-content-empty">{emptyText}</p>;
  return <div className={`rich-content${className ? ` ${className}` : ''}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
