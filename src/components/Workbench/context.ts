import { createContext, useContext } from 'react';

/** What a page inside a workbench tab can tell its tab. */
export interface WorkbenchTabApi {
  /** The page holds unsaved input: closing or refreshing the tab asks first. */
  setDirty(dirty: boolean): void;
  /** The page is done (saved and moving on): its tab closes once the user is on another page. */
  closeOnLeave(): void;
}

export const WorkbenchTabContext = createContext<WorkbenchTabApi | undefined>(undefined);

/** The tab the calling page lives in; undefined when tabs are off (or outside the admin layout). */
export const useWorkbenchTab = () => useContext(WorkbenchTabContext);

const ShownContext = createContext(true);
export const WorkbenchShownProvider = ShownContext.Provider;

/** Whether the calling page is the one on screen (a page in a hidden tab stays mounted). */
export const usePageShown = () => useContext(ShownContext);
