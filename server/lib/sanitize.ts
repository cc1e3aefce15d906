import sanitizeHtml from 'sanitize-html';

/**
 * Rich text as wangEditor 5 writes it, and nothing more. Everything a browser could execute, load
 * from elsewhere, or use to cover or hide other parts of the page is removed.
 */

/** Our own stored uploads, exactly as POST /api/uploads names them. */
const UPLOAD_SRC = /^\/api\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|gif|webp)$/;
const LINK_HREF = /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i;
const TABLE_WIDTH_ATTR = /^(auto|\d{1,4}(px|%)?)$/;

const ALLOWED_TAGS = [
  'p',
  'br',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'pre',
  'code',
  'hr',
  'div',
];

// Disallowed tags normally keep their text; these hold code, markup or form values, so their
// content goes with them.
const DROP_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'xmp',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'template',
  'title',
  'select',
  'noembed',
  'noframes',
  'head',
  'canvas',
  'audio',
  'video',
  'plaintext',
  'button',
];

// Every value pattern is anchored and has no parentheses except rgb(): no url(), expression(),
// var(), calc() and no negative numbers (a text-indent of -9999px hides text).
const COLOR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d{1,3})\s*)?\)$/i,
  /^[a-z]{3,20}$/i, // named colours (red, transparent ...)
];
// Text itself may not be made invisible: no transparent keyword, no fully transparent rgba().
const TEXT_COLOR = [
  /^#([0-9a-f]{3}|[0-9a-f]{6})$/i,
  /^rgb\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*\)$/i,
  /^rgba\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*(1|1\.0{1,3}|0?\.[1-9]\d{0,2})\s*\)$/i,
  /^(?!transparent$)[a-z]{3,20}$/i,
];
const SIZE = [/^\d{1,4}(\.\d{1,2})?px$/, /^(100|\d{1,2})(\.\d{1,2})?%$/, /^auto$/];
const TEXT_STYLES: Record<string, RegExp[]> = {
  color: TEXT_COLOR,
  'background-color': COLOR,
  'text-align': [/^(left|right|center|justify|start|end)$/],
  'text-indent': [/^\d{1,2}(\.\d{1,2})?(em|px)$/, /^0$/],
  // No line height below one line, no font too small to read: both would let text sit on or vanish into other text.
  'line-height': [/^[1-5](\.\d{1,2})?$/, /^[1-9]\d(\.\d{1,2})?px$/, /^[1-5](\.\d{1,2})?em$/, /^[1-4]\d{2}%$/, /^normal$/],
  'font-size': [
    /^([89]|[1-9]\d)(\.\d)?(px|pt)$/,
    /^(0\.[5-9]\d?|[1-4](\.\d{1,2})?)(em|rem)$/,
    /^(x{0,2}-small|small|medium|large|x{1,2}-large)$/,
  ],
  'font-weight': [/^(normal|bold|bolder|lighter|[1-9]00)$/],
  'text-decoration': [/^(none|underline|line-through|overline)(\s+(underline|line-through|overline))*$/],
};

const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    '*': ['style'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt'],
    th: ['colspan', 'rowspan', 'width'],
    td: ['colspan', 'rowspan', 'width'],
  },
  allowedStyles: {
    '*': TEXT_STYLES,
    img: { width: SIZE, height: SIZE },
    table: { width: SIZE },
    th: { width: SIZE },
    td: { width: SIZE },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  // Deeper nesting than an editor ever writes is only there to exhaust the parser or the browser.
  nestingLimit: 40,
  transformTags: {
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
      // Only absolute web and mail links; every link opens a new tab without access to this one.
      const safe: sanitizeHtml.Attributes = LINK_HREF.test(href) ? { href, target: '_blank', rel: 'noopener noreferrer' } : {};
      if (attribs.style) safe.style = attribs.style;
      return { tagName, attribs: safe };
    },
    img: (tagName, attribs) => {
      const safe: sanitizeHtml.Attributes = {};
      if (UPLOAD_SRC.test(attribs.src ?? '')) safe.src = attribs.src;
      if (attribs.alt) safe.alt = attribs.alt;
      if (attribs.style) safe.style = attribs.style;
      return { tagName, attribs: safe };
    },
    th: tableCell,
    td: tableCell,
  },
  // An image from anywhere but our uploads is dropped whole (a tracking pixel, a data: URL...).
  exclusiveFilter: (frame) => frame.tag === 'img' && !UPLOAD_SRC.test(frame.attribs.src ?? ''),
};

function tableCell(tagName: string, attribs: sanitizeHtml.Attributes) {
  const safe: sanitizeHtml.Attributes = {};
  for (const name of ['colspan', 'rowspan'] as const) {
    const value = attribs[name];
    if (value && /^\d{1,2}$/.test(value) && Number(value) >= 1) safe[name] = value;
  }
  if (attribs.width && TABLE_WIDTH_ATTR.test(attribs.width)) safe.width = attribs.width;
  if (attribs.style) safe.style = attribs.style;
  return { tagName, attribs: safe };
}

/**
 * A plain-text field as it is stored: what was typed, without surrounding whitespace and without
 * NUL characters (PostgreSQL's text cannot hold them). It is shown as text, never parsed as HTML,
 * so nothing else is removed or escaped here.
 */
export function plainField(text: string): string {
  return text.replace(/\u0000/g, '').trim();
}

/** The rich text with only wangEditor's harmless markup left. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html.replace(/\u0000/g, ''), RICH_TEXT_OPTIONS).trim();
}

const PLAIN_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: DROP_WITH_CONTENT,
};
const BLOCK_TAG = /<\/?(?:p|div|h[1-6]|li|tr|td|th|blockquote|pre|ul|ol|table|br|hr)\b/gi;
const ESCAPED: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"' };

/** The text of the rich text, blocks separated by a space, cut to `max` characters with '…'. */
export function plainText(html: string, max = 120): string {
  // A space before each block tag keeps "<p>一</p><p>二</p>" from becoming "一二".
  const text = sanitizeHtml(html.replace(BLOCK_TAG, ' $&'), PLAIN_TEXT_OPTIONS)
    .replace(/&(lt|gt|amp|quot);/g, (entity) => ESCAPED[entity])
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}

/** True when the rich text shows nothing: no text and no image. */
export function isBlankRichText(html: string): boolean {
  return !plainText(html, 1) && !/<img\b/i.test(html);
}
