import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local HTTP server standing in for a group robot's webhook or an SMS gateway: it keeps every
// request exactly as it arrived and answers what the test tells it to.

export interface CapturedRequest {
  method: string;
  /** The path without the query. */
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Answer {
  status: number;
  body: string;
  /** Wait this long before answering (to make two senders overlap). */
  delayMs?: number;
}

export interface CaptureServer {
  /** http://127.0.0.1:port */
  readonly url: string;
  readonly requests: CapturedRequest[];
  /** What the following requests get (default: 200 {"errcode":0,"errmsg":"ok"}). */
  answer(fn: (request: CapturedRequest) => Answer): void;
  /** Resolves once `count` requests have arrived. */
  received(count: number, timeoutMs?: number): Promise<CapturedRequest[]>;
  close(): Promise<void>;
}

export const ROBOT_OK: Answer = { status: 200, body: '{"errcode":0,"errmsg":"ok"}' };

export async function startCaptureServer(): Promise<CaptureServer> {
  const requests: CapturedRequest[] = [];
  let answerOf: (request: CapturedRequest) => Answer = () => ROBOT_OK;
  const waiters: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://capture');
      const captured: CapturedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(captured);
      for (const wake of waiters.splice(0)) wake();
      const answer = answerOf(captured);
      const send = () => {
        res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(answer.body);
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer(fn) {
      answerOf = fn;
    },
    async received(count, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} requests, got ${requests.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 250);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return requests.slice(0, count);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
