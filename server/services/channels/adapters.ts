import type { ChannelFormat, ChannelKind } from '../../../common/constants';
import type { OutboundRequest, OutboundResponse } from '../../lib/outboundHttp';

// What each kind of channel sends and when its answer means "sent" (docs/product.md §16, ADR 0069).
// 企业微信 group robot: POST the webhook with {"msgtype":"text","text":{"content":…}} or
// {"msgtype":"markdown","markdown":{"content":…}}; sent when the answer is HTTP 200 with errcode 0.

export interface ChannelConfig {
  id: number;
  kind: ChannelKind;
  name: string;
  format: ChannelFormat;
  url: string;
  secret: string | null;
}

export interface ChannelMessage {
  title: string;
  body: string;
}

export interface SendContext {
  now: number;
  /** The centre's name, which opens every message (a robot's keyword check can rely on it). */
  centreName: string;
}

/** A robot's text content is limited in bytes (企业微信: 2048 text, 4096 markdown): longer ones are cut. */
const TEXT_BYTES = 2000;

function cutToBytes(text: string, bytes: number): string {
  if (Buffer.byteLength(text, 'utf8') <= bytes) return text;
  let out = '';
  for (const ch of text) {
    if (Buffer.byteLength(`${out}${ch}…`, 'utf8') > bytes) break;
    out += ch;
  }
  return `${out}…`;
}

/**
 * Markdown's marks in a title or body (an appeal's title is a villager's words) become their
 * full-width look-alikes, so that no one's text turns into a link, a heading, a quote or a mention (<@…>) in a group.
 */
const MARKDOWN_MARKS: Record<string, string> = {
  '[': '［',
  ']': '］',
  '(': '（',
  ')': '）',
  '<': '＜',
  '>': '＞',
  '*': '＊',
  _: '＿',
  '#': '＃',
  '`': '｀',
  '~': '～',
  '\\': '＼',
};
const plainMarkdown = (text: string) => text.replace(/[[\]()<>*_#`~\\]/g, (ch) => MARKDOWN_MARKS[ch]);

/** The message as plain text: 【centre】title, then the body. */
export function plainText(message: ChannelMessage, context: SendContext): string {
  return `【${context.centreName}】${message.title}\n${message.body}`;
}

function markdownText(message: ChannelMessage, context: SendContext): string {
  return `### ${plainMarkdown(message.title)}\n${plainMarkdown(message.body)}\n> ${plainMarkdown(context.centreName)}`;
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

function wecomRequest(channel: ChannelConfig, message: ChannelMessage, context: SendContext): OutboundRequest {
  const payload =
    channel.format === 'markdown'
      ? { msgtype: 'markdown', markdown: { content: cutToBytes(markdownText(message, context), 2 * TEXT_BYTES) } }
      : { msgtype: 'text', text: { content: cutToBytes(plainText(message, context), TEXT_BYTES) } };
  return { method: 'POST', url: channel.url, headers: JSON_HEADERS, body: JSON.stringify(payload) };
}

/** The request that carries `message` on `channel`. */
export function channelRequest(channel: ChannelConfig, message: ChannelMessage, context: SendContext): OutboundRequest {
  switch (channel.kind) {
    case 'wecom':
      return wecomRequest(channel, message, context);
  }
}

const excerpt = (text: string, length = 200) => (text.length > length ? `${text.slice(0, length)}…` : text);

/** A robot's verdict: HTTP 200 and {"errcode":0}. */
function robotVerdict(response: OutboundResponse): string | undefined {
  let answer: { errcode?: unknown; errmsg?: unknown } | undefined;
  try {
    answer = JSON.parse(response.body) as typeof answer;
  } catch {
    answer = undefined;
  }
  if (response.status === 200 && answer && answer.errcode === 0) return undefined;
  const said =
    answer && answer.errcode !== undefined ? `errcode ${String(answer.errcode)}：${String(answer.errmsg ?? '')}` : excerpt(response.body);
  return `HTTP ${response.status}${said ? `，${said}` : ''}`;
}

/** Why the answer means the message did not go, or undefined when it went. */
export function channelVerdict(channel: ChannelConfig, response: OutboundResponse): string | undefined {
  switch (channel.kind) {
    case 'wecom':
      return robotVerdict(response);
  }
}
