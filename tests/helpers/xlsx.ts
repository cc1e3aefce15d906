import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';

/** The rows of one sheet of an .xlsx answer, each as its cells' values from column A. */
export async function sheetRows(res: { rawPayload: Buffer }, sheet: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const found = workbook.getWorksheet(sheet);
  assert.ok(found, `sheet ${sheet}`);
  return (found.getSheetValues().filter(Boolean) as unknown[][]).map((row) => row.slice(1));
}
