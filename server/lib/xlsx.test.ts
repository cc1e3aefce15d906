import assert from 'node:assert/strict';
import { test } from 'node:test';
import ExcelJS from 'exceljs';
import { xlsxStream } from './xlsx';

// A text cell that starts like a formula is written with a leading apostrophe: Excel shows it as
// text, and a copy saved as CSV keeps the apostrophe, so opening that CSV cannot run it.
async function cells(values: Array<string | number>): Promise<unknown[]> {
  const stream = await xlsxStream({
    sheet: 's',
    columns: values.map((_, i) => ({ header: `c${i}`, width: 10, value: (row: Array<string | number>) => row[i] })),
    batch: async (_, offset) => (offset ? [] : [values]),
  });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return (workbook.getWorksheet('s')?.getRow(2).values as unknown[]).slice(1);
}

test('text that starts like a formula gets a leading apostrophe; other text and numbers are as they were', async () => {
  const dangerous = [
    '=1+2',
    '+1+2',
    '-1+2',
    '@SUM(A1)',
    '\t=1+2',
    '\r=1+2',
    '=HYPERLINK("http://x","点击")',
    '＝1+2',
    '＋1',
    '－1',
    '＠SUM(A1)',
  ];
  assert.deepEqual(
    await cells(dangerous),
    // An XML reader turns a carriage return into a line feed.
    dangerous.map((text) => `'${text.replace(/\r/g, '\n')}`),
  );
  const plain = ['张三', '13800000000', '2026-01-01 08:00', 'a=b', ' =1', "'already quoted", '-'];
  assert.deepEqual(
    await cells(plain),
    plain.map((text) => (text === '' ? undefined : text)),
  );
  assert.deepEqual(await cells([-5, 0, 12.5]), [-5, 0, 12.5]);
});
