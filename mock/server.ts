/**
 * One msw server per test file, with the shared handlers. Call `useMockServer()` at the top of a
 * test file: it starts the server, resets handlers and fixture state after each test, and stops it.
 */
import { setupServer } from 'msw/node';
import { calendarHandlers, resetCalendarDb } from './calendar';
import { handlers, resetMockDb } from './handlers';
import { noticeHandlers, resetNoticeDb } from './notices';
import { overviewHandlers, resetOverviewDb } from './overview';
import { reportHandlers, resetReportsDb } from './reports';

// The overview is every admin's landing page, and the bell of one's notices is on every phone tab
// page, so their handlers are always there.
export const server = setupServer(...handlers, ...overviewHandlers, ...calendarHandlers, ...reportHandlers, ...noticeHandlers);

export function useMockServer() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    server.events.removeAllListeners();
    resetMockDb();
    resetOverviewDb();
    resetCalendarDb();
    resetReportsDb();
    resetNoticeDb();
  });
  afterAll(() => server.close());
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
