import '@wangeditor-next/editor/dist/css/style.css';
import { DomEditor, type IDomEditor, type IEditorConfig, type IToolbarConfig } from '@wangeditor-next/editor';
import { Editor, Toolbar } from '@wangeditor-next/editor-for-react';
import { Form } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { RichTextEditorProps } from './index';
import { EDITOR_IMAGE_TYPES, uploadAndInsertImage } from './uploadImage';

// No video (nothing stores it), no network images (every picture goes through our uploads), no
// full screen (it fights the admin layout's fixed header).
const TOOLBAR: Partial<IToolbarConfig> = {
  excludeKeys: ['group-video', 'insertVideo', 'uploadVideo', 'insertImage', 'fullScreen', 'codeBlock'],
};

/**
 * wangEditor's toolbar buttons are icons with a CSS tooltip, and its editing area claims
 * role="textarea", which is no ARIA role: screen readers would announce unnamed buttons and no text
 * box. This names each button after its tooltip (a group after its title) and makes the area a
 * named multi-line text box.
 */
function labelEditor(root: HTMLElement, editor: IDomEditor | null, name: string, required: boolean) {
  const area = root.querySelector<HTMLElement>('[data-slate-editor]');
  if (area) {
    // Only what differs is written: the observer below also watches these attributes, and writing
    // an equal value would wake it again.
    const set = (attribute: string, value: string) => {
      if (area.getAttribute(attribute) !== value) area.setAttribute(attribute, value);
    };
    set('role', 'textbox');
    set('aria-multiline', 'true');
    set('aria-label', name);
    if (required) set('aria-required', 'true');
  }
  // The toolbar is drawn once the editor exists.
  if (!editor) return;
  const groups = new Map<string, string>();
  for (const key of DomEditor.getToolbar(editor)?.getConfig().toolbarKeys ?? []) {
    if (typeof key === 'object') groups.set(key.key, key.title);
  }
  for (const button of root.querySelectorAll<HTMLButtonElement>('.w-e-bar-item button')) {
    // A select (字号, 字体…) shows its value as text, filled in a moment later: that text names it.
    if (button.textContent?.trim()) {
      if (button.dataset.glpLabel) {
        button.removeAttribute('aria-label');
        delete button.dataset.glpLabel;
      }
      continue;
    }
    if (button.hasAttribute('aria-label')) continue;
    const title = button.getAttribute('data-tooltip')?.split('\n')[0] || groups.get(button.getAttribute('data-menu-key') ?? '');
    if (title) {
      button.setAttribute('aria-label', title);
      button.dataset.glpLabel = '1';
    }
  }
}

/** wangEditor inside a controlled value/onChange pair (lazy-loaded by ./index.tsx). */
export default function WangEditor({ value, onChange, placeholder, height = 360, disabled, id, ...aria }: RichTextEditorProps) {
  const [editor, setEditor] = useState<IDomEditor | null>(null);
  const root = useRef<HTMLDivElement>(null);
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
      // wangEditor takes the focus when created: the border turned blue (and the caret moved) on a
      // form no one had touched yet. It is focused when the user clicks or tabs into it.
      autoFocus: false,
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

  // The toolbar fills in after the editor exists and redraws its menus: label them as they come.
  const required = aria['aria-required'] === true || aria['aria-required'] === 'true';
  useEffect(() => {
    const container = root.current;
    // From the first commit, before the editor's state arrives: the editing area exists as soon as
    // the child Editor's own effect has created it, and must never be seen with its own role.
    if (!container) return undefined;
    const label = (id && document.querySelector(`label[for="${CSS.escape(id)}"]`)?.textContent?.trim()) || placeholder || '正文';
    const apply = () => labelEditor(container, editor, label, required);
    apply();
    const observer = new MutationObserver(apply);
    // Attributes too: an editor redraw that puts its own role back on the area is undone at once.
    observer.observe(container, { childList: true, subtree: true, attributes: true, attributeFilter: ['role', 'aria-label'] });
    return () => observer.disconnect();
  }, [editor, id, placeholder, required]);

  const classes = ['rich-text-editor'];
  if (status === 'error') classes.push('rich-text-editor-error');
  if (disabled) classes.push('rich-text-editor-disabled');

  return (
    <div className={classes.join(' ')} ref={root}>
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
