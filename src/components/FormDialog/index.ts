import type { KeyboardEvent } from 'react';

/**
 * A ModalForm's or DrawerForm's open state, held by the page: × / 取消 / Esc call `onClose`. The
 * dialog is destroyed when hidden, so every opening starts again from the form's `initialValues`
 * (the form lives inside the dialog; no stale input from the last record).
 */
export function dialogState(open: boolean, onClose: () => void) {
  return {
    open,
    onOpenChange: (next: boolean) => {
      if (!next) onClose();
    },
  };
}

/** Given to the dialog: rebuilt on each opening (see dialogState). */
export const FRESH_DIALOG = { destroyOnHidden: true } as const;

/**
 * The one text area of a reason / comment dialog whose form has `isKeyPressSubmit`: Enter submits
 * (without leaving a line break behind), Shift+Enter starts a new line, and Enter that ends an
 * input-method composition only picks the characters.
 */
export const enterSubmitsTextArea = {
  onKeyPress: (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter') return;
    if (event.shiftKey || event.nativeEvent.isComposing) event.stopPropagation();
    else event.preventDefault();
  },
};
