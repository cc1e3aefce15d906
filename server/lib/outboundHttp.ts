import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

// The one way the server calls out to addresses an admin typed (group robots, the SMS gateway;
// ADR 0069). Private and loopback addresses are allowed, since a county's SMS platform usually
// sits on the government intranet; what no such service uses is refused, checked on the address
// actually connected to (after DNS), so a name cannot be pointed elsewhere between check and use:
// link-local (169.254.0.0/16 holds the cloud metadata service), multicast, "this network" and the
// reserved range. Redirects are not followed, and only the start of an answer is read.

export interface OutboundRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface OutboundResponse {
  status: number;
  /** The start of the answer's body, as text. */
  body: string;
}

/** Thrown when a request cannot be made or gets no answer; the message says why, in Chinese, without the address. */
export class OutboundError extends Error {}

const OUTBOUND_TIMEOUT_MS = 10_000;
/** How much of an answer is read: enough for any gateway's verdict. */
const MAX_ANSWER_BYTES = 64 * 1024;

const refused = new net.BlockList();
refused.addSubnet('0.0.0.0', 8, 'ipv4');
refused.addSubnet('169.254.0.0', 16, 'ipv4');
refused.addSubnet('224.0.0.0', 4, 'ipv4');
refused.addSubnet('240.0.0.0', 4, 'ipv4');
refused.addAddress('::', 'ipv6');
refused.addSubnet('fe80::', 10, 'ipv6');
refused.addSubnet('ff00::', 8, 'ipv6');

/** Whether the server refuses to connect to this address (link-local, multicast, unspecified, reserved). */
export function isRefusedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:169.254.169.254) is judged as the IPv4 one.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return refused.check(mapped[1], 'ipv4');
    return refused.check(address, 'ipv6');
  }
  return refused.check(address, 'ipv4');
}

const refusalText = (address: string) => `不允许发送到地址 ${address}（链路本地、组播或保留地址）`;

/** dns.lookup that fails for refused addresses: the socket connects only to what passed. */
const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    const list = addresses as unknown as dns.LookupAddress[];
    const bad = list.find((a) => isRefusedAddress(a.address));
    if (bad) return callback(new OutboundError(refusalText(bad.address)), '', 4);
    if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    return callback(null, list[0].address, list[0].family);
  });
};

/** Why a URL cannot be used as a channel's address, or undefined when it can. */
export function urlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return '不是有效的网址';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return '只支持 http:// 或 https:// 开头的地址';
  if (!url.hostname) return '网址缺少主机名';
  if (url.username || url.password) return '网址中不能包含用户名或密码，请写在请求头或密钥中';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isRefusedAddress(host)) return refusalText(host);
  return undefined;
}

/**
 * A URL as it may be shown: scheme, host and path, with every query value and every path part that
 * looks like a key (16+ characters with a digit) replaced by ******.
 */
export function maskUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return '******';
  }
  const path = url.pathname
    .split('/')
    .map((part) => (part.length >= 16 && /\d/.test(part) ? '******' : part))
    .join('/');
  const query = [...url.searchParams.keys()].map((key) => `${encodeURIComponent(key)}=******`).join('&');
  return `${url.protocol}//${url.host}${path}${query ? `?${query}` : ''}`;
}

function networkText(error: NodeJS.ErrnoException): string {
  if (error instanceof OutboundError) return error.message;
  switch (error.code) {
    case 'ECONNREFUSED':
      return '连接被拒绝：对方服务没有运行，或端口不对';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return '找不到这个域名：请检查地址，以及服务器的域名解析（DNS）';
    case 'ECONNRESET':
      return '连接被对方断开';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return '网络不通：服务器到这个地址没有路由（检查防火墙和出口网络）';
    case 'CERT_HAS_EXPIRED':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `对方的 HTTPS 证书无效（${error.code}）`;
    default:
      return `网络错误（${error.code ?? error.message}）`;
  }
}

/** Sends one request; answers the status and the start of the body, or throws an OutboundError saying why. */
export function sendOutbound(request: OutboundRequest, timeoutMs = OUTBOUND_TIMEOUT_MS): Promise<OutboundResponse> {
  const problem = urlProblem(request.url);
  if (problem) return Promise.reject(new OutboundError(problem));
  const url = new URL(request.url);
  const client = url.protocol === 'https:' ? https : http;
  const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
  const headers: Record<string, string> = { ...request.headers };
  if (body) headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const req = client.request(url, { method: request.method, headers, lookup: guardedLookup, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size >= MAX_ANSWER_BYTES) return;
        chunks.push(chunk);
        size += chunk.length;
        if (size >= MAX_ANSWER_BYTES) res.destroy();
      });
      const done = () =>
        finish(() => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8') }));
      res.on('end', done);
      res.on('close', done);
      res.on('error', done);
    });
    const timer = setTimeout(() => {
      finish(() => reject(new OutboundError(`连接超时（${Math.round(timeoutMs / 1000)} 秒内没有答复）`)));
      req.destroy();
    }, timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => finish(() => reject(new OutboundError(networkText(error)))));
    req.end(body);
  });
}
