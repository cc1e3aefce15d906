/**
 * /api/scores (server/routes/scores.ts): the ranking and its export, one person's ledger and a
 * manual adjustment, on the records of mock/taskDb.ts.
 */
import type { LedgerEntry } from '@common/contracts/scores';
import { admin, ok, okPage, xlsxFile } from './http';
import { ranking, taskDb } from './taskDb';

export const scoreHandlers = [
  admin.get('/scores/ranking', ({ request }) => okPage(ranking(), new URL(request.url))),

  admin.get('/scores/ledger', ({ request }) => {
    const url = new URL(request.url);
    const userId = Number(url.searchParams.get('userId'));
    const entries = taskDb.ledger.filter((e) => e.userId === userId);
    return okPage(entries, url, { points: entries.reduce((sum, e) => sum + e.delta, 0) });
  }),

  admin.post('/scores/adjust', async ({ request }) => {
    const body = (await request.json()) as { userId: number; delta: number; reason: string };
    const entry: LedgerEntry = {
      id: taskDb.nextId++,
      userId: body.userId,
      delta: body.delta,
      reason: body.reason,
      source: 'manual',
      submissionId: null,
      taskId: null,
      taskTitle: null,
      operatorId: 1,
      operatorName: '系统管理员',
      createdAt: new Date().toISOString(),
    };
    taskDb.ledger.unshift(entry);
    return ok(entry);
  }),

  admin.get('/scores/export', () => xlsxFile('积分排行.xlsx', 'ranking.xlsx')),
];
