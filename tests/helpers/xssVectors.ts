// XSS vectors for the browser test (tests/e2e/xss.e2e.ts), in the style of the OWASP XSS filter
// evasion cheat sheet. Each one, if a page ever rendered it as HTML or evaluated it, would set
// `window.__xss` or open a dialog (alert/confirm/prompt), which the test watches for. They are typed
// into plain-text fields, so they are kept short where that is possible: names allow 30–32 characters.

/** What a vector does when it runs: sets the marker the test reads. */
export const MARK = '__xss=1';

const handlers = ['onerror', 'onload', 'onfocus', 'onmouseover', 'onanimationstart', 'ontoggle', 'onbegin', 'onpageshow'];

export const BROWSER_VECTORS: string[] = [
  // Script elements.
  `<script>${MARK}</script>`,
  '<script>alert(1)</script>',
  `<SCRIPT>${MARK}</SCRIPT>`,
  `<ScRiPt>${MARK}</sCrIpT>`,
  `<script src=data:,${MARK}></script>`,
  `<script/x>${MARK}</script>`,
  `<<script>${MARK}//<</script>`,
  `<scr<script>ipt>${MARK}</scr</script>ipt>`,
  `</title><script>${MARK}</script>`,
  `</textarea><script>${MARK}</script>`,
  `</style><script>${MARK}</script>`,
  `--></script><script>${MARK}</script>`,
  // Event handlers on ordinary and odd tags.
  `<img src=x onerror=${MARK}>`,
  '<img src=x onerror=alert(1)>',
  `<IMG SRC=x ONERROR=${MARK}>`,
  `<img src=x onerror="${MARK}">`,
  `<img src=x onerror='${MARK}'>`,
  `<img src=x onerror=\`${MARK}\`>`,
  `<img/src=x/onerror=${MARK}>`,
  `<img src=x:x onerror=${MARK}>`,
  `<img src onerror=${MARK}>`,
  `<image src=x onerror=${MARK}>`,
  `<svg onload=${MARK}>`,
  '<svg/onload=alert(1)>',
  `<svg><script>${MARK}</script>`,
  `<svg><animate onbegin=${MARK} attributeName=x dur=1s>`,
  `<svg><set onbegin=${MARK} attributeName=x>`,
  `<svg><a xlink:href=javascript:${MARK}><text>x</text></a>`,
  `<math><a href=javascript:${MARK}>x</a></math>`,
  `<math><mtext><img src=x onerror=${MARK}>`,
  `<body onload=${MARK}>`,
  `<body onpageshow=${MARK}>`,
  `<iframe onload=${MARK}>`,
  `<iframe src=javascript:${MARK}>`,
  `<iframe srcdoc="<script>parent.${MARK}</script>">`,
  `<details open ontoggle=${MARK}>`,
  `<input autofocus onfocus=${MARK}>`,
  `<select autofocus onfocus=${MARK}>`,
  `<textarea autofocus onfocus=${MARK}>`,
  `<keygen autofocus onfocus=${MARK}>`,
  `<video><source onerror=${MARK}>`,
  `<audio src=x onerror=${MARK}>`,
  `<video src=x onerror=${MARK}>`,
  `<object data=javascript:${MARK}>`,
  `<embed src=javascript:${MARK}>`,
  `<marquee onstart=${MARK}>`,
  `<div onmouseover=${MARK}>悬停</div>`,
  `<a onmouseover=${MARK}>悬停</a>`,
  `<p style=animation-name:x onanimationstart=${MARK}>`,
  `<x onclick=${MARK}>点击</x>`,
  `<form><button formaction=javascript:${MARK}>提交`,
  `<isindex type=image src=x onerror=${MARK}>`,
  `<link rel=import href=data:text/html,<script>${MARK}</script>>`,
  `<meta http-equiv=refresh content="0;url=javascript:${MARK}">`,
  `<base href=javascript:${MARK}//>`,
  // javascript: and data: URLs, with encodings.
  `<a href=javascript:${MARK}>点我</a>`,
  `<a href=JaVaScRiPt:${MARK}>点我</a>`,
  `<a href="jav&#x09;ascript:${MARK}">点我</a>`,
  `<a href="&#106;avascript:${MARK}">点我</a>`,
  `<a href="javascript&colon;${MARK}">x</a>`,
  `<a href=" javascript:${MARK}">点我</a>`,
  `<a href="data:text/html,<script>${MARK}</script>">x</a>`,
  'javascript:alert(1)',
  `javascript:${MARK}`,
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  // Entities and escapes: shown literally, never decoded into markup.
  `&lt;img src=x onerror=${MARK}&gt;`,
  `&#60;img src=x onerror=${MARK}&#62;`,
  `&#x3C;svg onload=${MARK}&#x3E;`,
  `\\x3cimg src=x onerror=${MARK}\\x3e`,
  `\\u003cimg src=x onerror=${MARK}\\u003e`,
  `%3Cimg%20src=x%20onerror=${MARK}%3E`,
  `%253Cscript%253E${MARK}`,
  // Broken and nested tags.
  `<img """><script>${MARK}</script>">`,
  `<img src="x" onerror="${MARK}"`,
  `<img src=x onerror=${MARK}//`,
  `<<img src=x onerror=${MARK}>>`,
  `<img src=x onerror=${MARK} <b>`,
  `<!--><img src=x onerror=${MARK}>-->`,
  `<![CDATA[<img src=x onerror=${MARK}>]]>`,
  `<noscript><p title="</noscript><img src=x onerror=${MARK}>">`,
  `<style><img src="</style><img src=x onerror=${MARK}>">`,
  `<xmp><img src=x onerror=${MARK}></xmp>`,
  `<template><img src=x onerror=${MARK}>`,
  `<title><img src=x onerror=${MARK}></title>`,
  `<div/onmouseover=${MARK}>x`,
  // Attribute and string breakers.
  `"><img src=x onerror=${MARK}>`,
  `'><img src=x onerror=${MARK}>`,
  `" onmouseover="${MARK}`,
  `' onfocus='${MARK}' autofocus x='`,
  `" autofocus onfocus=${MARK} x="`,
  `\`><img src=x onerror=${MARK}>`,
  `</script><img src=x onerror=${MARK}>`,
  `';${MARK};//`,
  `";${MARK};//`,
  `\\';${MARK};//`,
  // Template literals and template engines.
  `\${${MARK}}`,
  `\`\${${MARK}}\``,
  `{{constructor.constructor('${MARK}')()}}`,
  `{{${MARK}}}`,
  `<%= ${MARK} %>`,
  `#{${MARK}}`,
  `{name|<img src=x onerror=${MARK}>}`,
  // CSS.
  `<div style="background:url(javascript:${MARK})">x`,
  `<p style="x:expression(${MARK})">x`,
  `<style>@import 'javascript:${MARK}';</style>`,
  `<div style="behavior:url(x.htc)">x</div>`,
  `<style>*{background:url("javascript:${MARK}")}</style>`,
  `<p style="width:expression(alert(1))">x`,
  // Miscellaneous.
  `<img src=x onerror=eval(atob('X194c3M9MQ=='))>`,
  `<img src=x onerror=window['__x'+'ss']=1>`,
  `<img src=x onerror=top.${MARK}>`,
  `<img src=x onerror=self[\`alert\`](1)>`,
  `<svg><style><img src=x onerror=${MARK}>`,
  ...handlers.map((h) => `<b ${h}=${MARK}>粗体</b>`),
  `<a href=# onclick=${MARK}>链接</a>`,
  '\u202e<img src=x onerror=alert(1)>',
  `<img src=x onerror=${MARK}>\u0000`,
  `<img\u000asrc=x\u000aonerror=${MARK}>`,
  `<img\tsrc=x\tonerror=${MARK}>`,
];

/** Where these vectors are typed, a field of `max` characters holds only those that fit. */
export const fitsIn = (vector: string, max: number) => Array.from(vector.trim()).length <= max;

/** How many distinct vectors a field of `max` characters can hold. */
export const vectorsFitting = (max: number) =>
  new Set(
    BROWSER_VECTORS.map((v) => v.replace(/\u0000/g, '').trim())
      .filter((v) => fitsIn(v, max))
      .map((v) => v.toLowerCase()),
  ).size;

/**
 * Packs vectors into as few values as possible, each at most `max` characters, joined by a space.
 * A vector longer than `max` is left out (the server refuses it with a 400 naming the field).
 */
export function packVectors(max: number, vectors = BROWSER_VECTORS, prefix = ''): string[] {
  const values: string[] = [];
  let current = prefix;
  // Names are unique without regard to case: a vector that differs from another only by case (or
  // by a NUL, which is not stored) is the same name.
  const seen = new Set<string>();
  for (const vector of vectors.map((v) => v.replace(/\u0000/g, '').trim())) {
    if (!fitsIn(`${prefix}${vector}`, max) || seen.has(vector.toLowerCase())) continue;
    seen.add(vector.toLowerCase());
    const next = current === prefix ? `${current}${vector}` : `${current} ${vector}`;
    if (fitsIn(next, max)) {
      current = next;
    } else {
      values.push(current);
      current = `${prefix}${vector}`;
    }
  }
  if (current !== prefix) values.push(current);
  return values;
}
