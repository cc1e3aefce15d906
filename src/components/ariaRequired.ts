import { useEffect } from 'react';

/**
 * antd 5's Form.Item marks a required control with aria-required, and Select, DatePicker, Cascader
 * and Radio.Group put it on their wrapper <div>, where it means nothing to a screen reader (and is
 * an ARIA error). This puts it where it is read: on the control's own input (the combobox or text
 * box), or makes a radio group a radiogroup, which may carry it (ADR 0018).
 */
export function placeAriaRequired(root: ParentNode) {
  for (const wrapper of root.querySelectorAll<HTMLElement>('div[aria-required]:not([role]), span[aria-required]:not([role])')) {
    if (wrapper.classList.contains('ant-radio-group')) {
      wrapper.setAttribute('role', 'radiogroup');
      continue;
    }
    const required = wrapper.getAttribute('aria-required') ?? 'true';
    const input = wrapper.classList.contains('ant-checkbox-group') ? null : wrapper.querySelector('input');
    input?.setAttribute('aria-required', required);
    wrapper.removeAttribute('aria-required');
  }
}

let watchers = 0;
let observer: MutationObserver | undefined;

/** Keeps aria-required in place on the whole page while any antd tree is mounted. */
export function usePlacedAriaRequired() {
  useEffect(() => {
    watchers += 1;
    if (!observer) {
      observer = new MutationObserver(() => placeAriaRequired(document));
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-required'] });
      placeAriaRequired(document);
    }
    return () => {
      watchers -= 1;
      if (watchers === 0) {
        observer?.disconnect();
        observer = undefined;
      }
    };
  }, []);
}
