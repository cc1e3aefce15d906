import { useEffect, useState } from 'react';
import type { StatsOverview } from '@common/contracts/stats';
import { queryScreen } from '@/services/stats';
import { apiErrorBody } from '@/utils/apiError';

/** Why the server will not show this screen its figures. */
export type Denial =
  /** No key and nobody signed in (401). */
  | 'signIn'
  /** Signed in, without the `screen` permission (403). */
  | 'noPermission'
  /** The key in the link is unknown or revoked. */
  | 'keyRefused';

type ScreenFigures =
  | { phase: 'loading'; offline: boolean }
  | { phase: 'ready'; stats: StatsOverview; offline: boolean }
  | { phase: 'denied'; denial: Denial; message: string };

interface FailedCall {
  response?: { status?: number };
}

/** A refusal the screen cannot get past by asking again; undefined for a failure worth retrying. */
function denialOf(error: unknown, key: string | undefined): { denial: Denial; message: string } | undefined {
  const body = apiErrorBody(error);
  const code = body?.code ?? (error as FailedCall)?.response?.status ?? 0;
  const message = body?.message ?? '';
  // 400 can only be a malformed key (the query has nothing else).
  if (key && (code === 400 || code === 401 || code === 403)) return { denial: 'keyRefused', message };
  if (code === 401) return { denial: 'signIn', message };
  if (code === 403) return { denial: 'noPermission', message };
  return undefined;
}

/**
 * The wall display's figures, asked for now and again `intervalMs` after each answer (one call at a
 * time, never piling up). A failed call keeps the last figures and marks the screen offline until
 * an answer arrives; a refusal (401/403) stops asking. Errors never reach the global handler: no
 * message pops up and a 401 does not send the wall to the login page.
 */
export function useScreenFigures(key: string | undefined, intervalMs: number): ScreenFigures {
  const [state, setState] = useState<ScreenFigures>({ phase: 'loading', offline: false });

  useEffect(() => {
    let stopped = false;
    let timer: number | undefined;
    const next = () => {
      if (!stopped) timer = window.setTimeout(load, intervalMs);
    };
    function load() {
      timer = undefined;
      queryScreen(key, { skipErrorHandler: true }).then(
        (body) => {
          if (stopped) return;
          if (body.data) setState({ phase: 'ready', stats: body.data, offline: false });
          next();
        },
        (error: unknown) => {
          if (stopped) return;
          const refused = denialOf(error, key);
          if (refused) {
            setState({ phase: 'denied', ...refused });
            return;
          }
          setState((previous) => (previous.phase === 'denied' || previous.offline ? previous : { ...previous, offline: true }));
          next();
        },
      );
    }
    setState({ phase: 'loading', offline: false });
    load();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [key, intervalMs]);

  return state;
}
