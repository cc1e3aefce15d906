/**
 * One msw server per test file, with the shared handlers. Call `useMockServer()` at the top of a
 * test file: it starts the server; after each test it fails the test if a mock replied what the
 * server's response schema does not allow (mock/contract.ts), then resets handlers and records;
 * at the end it stops the server. Page groups add their own handlers (mock/scenarios.ts).
 */
import { setupServer } from 'msw/node';
import { authHandlers } from './auth';
import { calendarHandlers, resetCalendarDb } from './calendar';
import { assertNoDrift } from './contract';
import { groupHandlers } from './groups';
import { noticeHandlers, resetNoticeDb } from './my';
import { emptyNoticeBellHandlers } from './opinions';
import { reportHandlers, resetReportsDb } from './reports';
import { roleHandlers } from './roles';
import { overviewHandlers, resetOverviewDb } from './stats';
import { resetSystemDb, systemHandlers } from './system';
import { resetMockDb, userHandlers } from './users';
import { resetVillagesDb, villageHandlers } from './villages';

// Signing in, the user pages' lists, the settings and areas, and the admin header's bell are on
// every page; the overview is every admin's landing page, and the bell of one's notices is on
// every phone tab page, so their handlers are always there.
export const server = setupServer(
  ...userHandlers,
  ...authHandlers,
  ...systemHandlers,
  ...emptyNoticeBellHandlers,
  ...roleHandlers,
  ...groupHandlers,
  ...overviewHandlers,
  ...calendarHandlers,
  ...reportHandlers,
  ...noticeHandlers,
  ...villageHandlers,
);

export function useMockServer() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    server.events.removeAllListeners();
    resetMockDb();
    resetOverviewDb();
    resetSystemDb();
    resetVillagesDb();
    resetCalendarDb();
    resetReportsDb();
    resetNoticeDb();
    assertNoDrift();
  });
  afterAll(() => {
    server.close();
    assertNoDrift();
  });
}

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** The request body as text ('' when none). */
  body: Promise<string>;
}

/** Every request the page sends from now on (until the test ends), in order. */
export function recordRequests(): RecordedRequest[] {
  const calls: RecordedRequest[] = [];
  server.events.on('request:start', ({ request }) => {
    calls.push({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: request.clone().text(),
    });
  });
  return calls;
}

/** The recorded calls to one API path (e.g. '/users'), by method. */
export const callsTo = (calls: RecordedRequest[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.url.pathname === `/api${path}`);
