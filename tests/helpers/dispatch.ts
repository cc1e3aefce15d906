import assert from 'node:assert/strict';
import type { Journeys } from './journeys';

/**
 * staff01 hands the first pending appeal of a village to that village (ADR 0031), through the API,
 * and answers its id: the demo data has no appeal handed down, and the phone pages of a cadre need
 * one to show.
 */
export async function handDownFirstPending(app: Journeys, areaId: number): Promise<number> {
  const { context, page } = await app.newPage();
  await app.signIn(page, 'staff01', 'Demo12345');
  const { id, code } = await page.evaluate(async (area) => {
    const headers = { 'content-type': 'application/json', authorization: sessionStorage.getItem('token') ?? '' };
    const list = await (await fetch(`/api/appeals?status=pending&area=${area}&pageSize=1`, { headers })).json();
    const appealId = list.data?.list?.[0]?.id as number | undefined;
    if (!appealId) return { id: 0, code: 0 };
    const res = await fetch(`/api/appeals/${appealId}/dispatch`, { method: 'POST', headers, body: JSON.stringify({ areaId: area }) });
    return { id: appealId, code: (await res.json()).code as number };
  }, areaId);
  await context.close();
  assert.ok(id, `the demo data has a pending appeal in area ${areaId}`);
  assert.equal(code, 200, `appeal ${id} handed to area ${areaId}`);
  return id;
}
