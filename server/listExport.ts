import type { FastifyReply } from 'fastify';
import { ApiError, type PageResult } from '../common/contracts/base';
import { localDateTime } from './lib/workingDays';
import { XLSX_TYPE, type XlsxColumn, xlsxStream } from './lib/xlsx';
import { sendXlsx } from './http';

/** Rows per page read for an export: each page is one list query, so memory holds one page at most. */
const EXPORT_PAGE_SIZE = 500;

/**
 * 导出Excel for an admin list: the list's own service, with the filters the page shows, read page
 * after page into a streamed sheet. Reusing the list query keeps the file equal to what the list
 * shows (the same scope, filters, order and the overdue flag), at the price of one count per page.
 */
export async function sendListExport<T>(
  reply: FastifyReply,
  opts: {
    sheet: string;
    /** The file's Chinese name and its ASCII fallback for old clients. */
    fileName: string;
    asciiName: string;
    columns: Array<XlsxColumn<T>>;
    page: (current: number, pageSize: number) => Promise<PageResult<T>>;
  },
) {
  const stream = await xlsxStream<T>({
    sheet: opts.sheet,
    columns: opts.columns,
    batchSize: EXPORT_PAGE_SIZE,
    batch: async (limit, offset) => (await opts.page(Math.floor(offset / limit) + 1, limit)).list,
  });
  return sendXlsx(reply, stream, opts.asciiName, opts.fileName);
}

/** A timestamp of a list item as the township reads it (local time, to the minute). */
export const exportTime = (iso: string | null | undefined) => (iso ? localDateTime(new Date(iso)) : '');

/** The produces/response part of an export route's schema: a file, or the usual error body. */
export const EXPORT_REPLIES = { produces: [XLSX_TYPE], response: { '4xx': ApiError, '5xx': ApiError } };
