import SharedRichContent from '@/components/RichContent';

/** A task's rich text, in the one shared rich-text box (src/components/RichContent). */
export default function RichContent({ html }: { html: string }) {
  return <SharedRichContent html={html} emptyText="（无详细内容）" />;
}
