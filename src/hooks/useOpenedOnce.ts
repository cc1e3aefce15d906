import { useState } from 'react';

/**
 * True from the first time `open` is true on: a dialog or drawer loaded on demand mounts when it
 * first opens and then stays mounted, so it closes with its own motion and keeps its state.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Derived state set during render (React's documented pattern): no extra commit with it unmounted.
  if (open && !opened) setOpened(true);
  return opened || open;
}
