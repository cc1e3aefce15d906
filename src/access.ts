import type { InitialState } from './app';
import { type AccessMap, computeAccess } from './utils/routeAccess';

/** Seed §6: a pure function of the initial state. */
export default function access(initialState: InitialState | undefined): AccessMap {
  return computeAccess(initialState?.currentUser);
}
