import type { PassThrough } from 'node:stream';
import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { XLSX_TYPE } from './lib/xlsx';
import { ApiError, Ok, OkEmpty } from '../common/contracts/base';

/** The success body: `{ code: 200, data }`. */
export const ok = <T>(data: T) => ({ code: 200 as const, data });
export const okEmpty = (message?: string) => ({ code: 200 as const, ...(message ? { message } : {}) });

/** Response schemas for a route: the 200 body, and the shared error body for every other status. */
export function replies<T extends TSchema>(data?: T) {
  return {
    200: data ? Ok(data) : OkEmpty,
    '4xx': ApiError,
    '5xx': ApiError,
  };
}

export const Empty = Type.Object({});

/**
 * Query values that are secrets: the wall display's key travels as `?key=` (on the page and on
 * /api/stats/screen). Every URL the app logs goes through this; deploy/nginx.conf does the same for
 * its access log.
 */
export const redactUrl = (url: string) => url.replace(/([?&]key=)[^&#]*/gi, '$1[REDACTED]');

/** Sends an .xlsx download: an ASCII name for old clients, the Chinese one per RFC 5987 for the rest. */
export function sendXlsx(reply: FastifyReply, file: PassThrough | Buffer, asciiName: string, name: string) {
  return (
    reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('cache-control', 'no-store')
      // A stream or buffer goes out as it is (fastify serialises only objects); the typed reply knows only JSON.
      .send(file as never)
  );
}
