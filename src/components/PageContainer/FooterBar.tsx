import type { ReactNode } from 'react';

/**
 * A form's buttons in a bar along the bottom of the window while the form scrolls, and after the
 * form's last field once it is reached. It sticks inside the page's content (no width to work out
 * from the side menu), so it hides with its page in the workbench and never covers the last field.
 */
export default function FooterBar({ children }: { children: ReactNode }) {
  return (
    <div className="page-footer-bar">
      <div className="page-footer-bar-right">{children}</div>
    </div>
  );
}
