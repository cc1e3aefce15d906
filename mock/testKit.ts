/**
 * Queries the client tests share. They find things by the words a user sees, through text queries
 * rather than role queries: role queries compute styles up the tree, which jsdom answers slowly once
 * antd's styles are in the page.
 */
import { screen, within } from '@testing-library/react';

const escape = (ch: string) => ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The button labelled `text` (in `scope`, the whole page by default). antd puts a space between the
 * two characters of a two-character Chinese label (确 定), so the label matches with or without it.
 */
export function button(text: string, scope: HTMLElement = document.body): HTMLButtonElement {
  const pattern = new RegExp(`^${text.split('').map(escape).join('\\s?')}$`);
  const label = within(scope).getByText(pattern, { selector: 'button, button *' });
  return label.closest('button') as HTMLButtonElement;
}

/** The table row with a cell that reads `text` (exactly one such cell on the page). */
export function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text, { selector: 'td, td *' }).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row as HTMLElement;
}

/** Where antd writes a dialog's title: Modal, Modal.confirm, Drawer. */
const TITLES = '.ant-modal-title, .ant-modal-confirm-title, .ant-drawer-title';

/** The open dialog titled `title` (antd's Modal, Modal.confirm or Drawer), once it is there. */
export async function dialog(title: string): Promise<HTMLElement> {
  const [heading] = await screen.findAllByText(title, { selector: TITLES });
  const box = heading.closest<HTMLElement>('.ant-modal, [role="dialog"]');
  if (!box) throw new Error(`no dialog around ${title}`);
  return box;
}
