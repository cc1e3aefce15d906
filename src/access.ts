import type { InitialState } from './app';
import { type AccessMap, computeAccess } from './utils/routeAccess';

/** The access map of docs/product.md §1, a pure function of the initial state. */
export default function access(initialState: InitialState | undefined): AccessMap {
  return computeAccess(initialState?.currentUser);
}
