import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const EXPORT_BATCH = 1000;

export interface XlsxColumn<R> {
  header: string;
  width: number;
  value: (row: R) => string | number;
}

/**
 * The first characters that make a spreadsheet read a cell as a formula (= + - @, the full-width
 * forms a Chinese keyboard types, and tab or line breaks before them). In the .xlsx itself a string
 * cell is never run, but a copy saved as CSV loses the cell type, and opening that CSV would.
 */
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A cell's value as written: text that starts like a formula gets a leading apostrophe, which is
 * part of the text, so it survives a CSV re-save (Excel's quotePrefix style would not: CSV keeps no
 * styles). Numbers stay numeric cells, negative ones included. ADR 0039.
 */
export function cellValue(value: string | number): string | number {
  // A lone sign (a '-' for "none") is no formula and stays as it is.
  return typeof value === 'string' && value.length > 1 && FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell's text as read back from a file we wrote: the apostrophe `cellValue` put before a formula-like text goes. */
export function cellText(text: string): string {
  return text.length > 2 && text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/**
 * A sheet as an .xlsx stream, written batch by batch so no more than one batch of rows is in
 * memory. The first batch is read before the stream is handed out: a failing query still gets a
 * proper error answer instead of a broken file.
 */
export async function xlsxStream<R>(opts: {
  sheet: string;
  columns: Array<XlsxColumn<R>>;
  batch: (limit: number, offset: number) => Promise<R[]>;
  batchSize?: number;
}): Promise<PassThrough> {
  const batchSize = opts.batchSize ?? EXPORT_BATCH;
  const first = await opts.batch(batchSize, 0);
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(opts.sheet);
  sheet.columns = opts.columns.map((column, i) => ({ header: column.header, key: String(i), width: column.width }));
  sheet.getRow(1).font = { bold: true };
  const write = async () => {
    let rows = first;
    let offset = 0;
    for (;;) {
      for (const row of rows) sheet.addRow(opts.columns.map((column) => cellValue(column.value(row)))).commit();
      if (rows.length < batchSize) break;
      offset += batchSize;
      rows = await opts.batch(batchSize, offset);
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: Error) => stream.destroy(error));
  return stream;
}
