import '@wangeditor/editor/dist/css/style.css';
import { DomEditor, type IDomEditor, type IEditorConfig, type IToolbarConfig } from '@wangeditor/editor';
import { Editor, Toolbar } from '@wangeditor/editor-for-react';
import { Form } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { RichTextEditorProps } from './index';
import { EDITOR_IMAGE_TYPES, uploadAndInsertImage } from './uploadImage';

// No video (nothing stores it), no network images (every picture goes through our uploads), no
// full screen (it fights the admin layout's fixed header).
const TOOLBAR: Partial<IToolbarConfig> = {
  excludeKeys: ['group-video', 'insertVideo', 'uploadVideo', 'insertImage', 'fullScreen', 'codeBlock'],
};

/** wangEditor inside a controlled value/onChange pair (lazy-loaded by ./index.tsx). */
export default function WangEditor({ value, onChange, placeholder, height = 360, disabled }: RichTextEditorProps) {
  const [editor, setEditor] = useState<IDomEditor | null>(null);
  const [uploading, setUploading] = useState(0);
  const { status } = Form.Item.useStatus();
  // The last HTML handed out (or taken in): a value equal to it is our own echo, not a new document.
  const current = useRef(value ?? '');
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const config = useMemo<Partial<IEditorConfig>>(
    () => ({
      placeholder: placeholder ?? '请输入内容',
      readOnly: disabled,
      MENU_CONF: {
        uploadImage: {
          allowedFileTypes: EDITOR_IMAGE_TYPES,
          customUpload: async (file: File, insert: (src: string, alt: string, href: string) => void) => {
            setUploading((n) => n + 1);
            try {
              await uploadAndInsertImage(file, insert);
            } finally {
              setUploading((n) => n - 1);
            }
          },
        },
      },
    }),
    // The editor reads its config once, when it is created.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  // A value set from outside (a draft loaded, the form reset) replaces the document.
  useEffect(() => {
    if (!editor) return;
    const next = value ?? '';
    if (next === current.current) return;
    current.current = next;
    editor.setHtml(next);
  }, [value, editor]);

  useEffect(() => {
    if (!editor) return;
    if (disabled) editor.disable();
    else editor.enable();
  }, [disabled, editor]);

  useEffect(
    () => () => {
      if (!editor) return;
      // wangEditor handles the document's selectionchange 100 ms late (a debounce) and throws
      // "Can not get editor instance" when the editor was destroyed meanwhile (leaving the page
      // right after a click or keystroke): drop that pending call first.
      try {
        const textarea = DomEditor.getTextarea(editor) as unknown as { onDOMSelectionChange?: { cancel?: () => void } };
        textarea.onDOMSelectionChange?.cancel?.();
      } catch {
        // no textarea: nothing pending
      }
      editor.destroy();
    },
    [editor],
  );

  const classes = ['rich-text-editor'];
  if (status === 'error') classes.push('rich-text-editor-error');
  if (disabled) classes.push('rich-text-editor-disabled');

  return (
    <div className={classes.join(' ')}>
      <Toolbar editor={editor} defaultConfig={TOOLBAR} mode="default" className="rich-text-editor-toolbar" />
      <Editor
        defaultConfig={config}
        defaultHtml={value ?? ''}
        onCreated={setEditor}
        onChange={(instance) => {
          const html = instance.isEmpty() ? '' : instance.getHtml();
          if (html === current.current) return;
          current.current = html;
          onChangeRef.current?.(html);
        }}
        mode="default"
        style={{ height, overflowY: 'hidden' }}
      />
      {uploading > 0 ? <div className="rich-text-editor-status">图片上传中（{uploading}张）…</div> : null}
    </div>
  );
}
