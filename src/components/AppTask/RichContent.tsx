/**
 * A task's rich text. The server sanitises it when the task is saved (allow-listed tags and
 * attributes only), so it is rendered as HTML here, inside a box that keeps images and tables
 * within the phone's width.
 */
export default function RichContent({ html }: { html: string }) {
  if (!html.trim()) return <p className="m-muted">（无详细内容）</p>;
  return <div className="app-rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
