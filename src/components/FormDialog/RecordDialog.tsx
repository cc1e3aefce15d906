import { ModalForm, type ProFormInstance } from '@ant-design/pro-components';
import { type ReactNode, useRef, useState } from 'react';
import { handleFormError } from '@/utils/apiError';
import { showMessage } from '@/utils/feedback';
import { FRESH_DIALOG, dialogState } from '.';

/** A list page's add/edit dialog: whether it shows and which record it edits (none: a new one). */
export function useRecordDialog<T>() {
  const [state, setState] = useState<{ open: boolean; record?: T }>({ open: false });
  return {
    ...state,
    show: (record?: T) => setState({ open: true, record }),
    close: () => setState((current) => ({ ...current, open: false })),
  };
}

export type RecordDialogState<T> = ReturnType<typeof useRecordDialog<T>>;

interface Props<T, V> {
  dialog: RecordDialogState<T>;
  /** The form's name (its fields' ids start with it). */
  name: string;
  title: string;
  width?: number;
  initialValues: Partial<V>;
  /** Creates or updates the record; resolves to the words of the success message. */
  save: (values: V) => Promise<string>;
  /** After the success message, with the dialog closed: the page reloads its list. */
  onSaved: () => void;
  children: ReactNode;
}

/**
 * The add/edit dialog of a list page (groups, roles, villages …): 保存 creates or updates, says so
 * and closes; a refusal goes under its field and what was typed stays (ADR 0048).
 */
export default function RecordDialog<T, V extends object>(props: Props<T, V>) {
  const { dialog, name, title, width = 520, initialValues, save, onSaved, children } = props;
  const formRef = useRef<ProFormInstance<V>>();

  const finish = async (values: V) => {
    try {
      showMessage('success', await save(values));
      dialog.close();
      onSaved();
    } catch (error) {
      handleFormError(error, formRef.current);
    }
  };

  return (
    <ModalForm<V>
      title={title}
      {...dialogState(dialog.open, dialog.close)}
      name={name}
      formRef={formRef}
      width={width}
      modalProps={{ ...FRESH_DIALOG, okText: '保存' }}
      initialValues={initialValues}
      onFinish={finish}
    >
      {children}
    </ModalForm>
  );
}
