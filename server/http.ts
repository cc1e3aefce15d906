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
 * Query values that are secrets, by parameter name (compared case-insensitively, after decoding):
 * the wall display's key (`?key=`), a private photo's signature (`sig=`, good for up to two hours),
 * S3 presigned addresses' credential, session token and signature, and any token, code or signature
 * a link may carry. Every URL the app logs goes through `redactUrl`; deploy/nginx.conf does the
 * same for its access log. ADR 0039.
 */
const SECRET_QUERY_NAMES = new Set([
  'key',
  'sig',
  'signature',
  'token',
  'access_token',
  'refresh_token',
  'code',
  'password',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
]);

function queryName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).trim().toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The URL with the value of every secret query parameter replaced by [REDACTED]. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const hash = url.indexOf('#', start);
  const end = hash < 0 ? url.length : hash;
  const query = url
    .slice(start + 1, end)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      if (equals < 0) return part;
      const name = part.slice(0, equals);
      return SECRET_QUERY_NAMES.has(queryName(name)) ? `${name}=[REDACTED]` : part;
    })
    .join('&');
  return `${url.slice(0, start + 1)}${query}${url.slice(end)}`;
}

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
