import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isBlankRichText, plainText, sanitizeRichText } from './sanitize';

const UPLOAD = '/api/uploads/0a1b2c3d-0000-4000-8000-123456789abc.png';

/** What must never survive, whatever the vector. */
const DANGEROUS = [
  /<script/i,
  /<iframe/i,
  /<object/i,
  /<embed/i,
  /<svg/i,
  /<math/i,
  /<style/i,
  /<form/i,
  /<input/i,
  /<base/i,
  /<meta/i,
  /<link/i,
  /\son[a-z]+\s*=/i,
  /javascript:/i,
  /vbscript:/i,
  /data:/i,
  /url\(/i,
  /expression\(/i,
  /position\s*:/i,
  /display\s*:/i,
  /opacity\s*:/i,
  /z-index/i,
  /alert\(/i,
];

// [name, input, exact expected output]
const VECTORS: Array<[string, string, string]> = [
  ['script tag with its code', '<script>alert(1)</script><p>正文</p>', '<p>正文</p>'],
  ['upper-case script', '<SCRIPT SRC=//evil.com/x.js></SCRIPT>正文', '正文'],
  ['img onerror', `<img src="x" onerror="alert(1)">`, ''],
  ['own upload keeps src, alt and width, loses onerror', `<img src="${UPLOAD}" alt="照片" style="width: 50%;" onerror="alert(1)">`, `<img src="${UPLOAD}" alt="照片" style="width:50%" />`],
  ['foreign image (tracking pixel)', '<p>看<img src="https://evil.com/p.gif"></p>', '<p>看</p>'],
  ['data: image', '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">', ''],
  ['upload path with a query', `<img src="${UPLOAD}?x=1">`, ''],
  ['upload path traversal', '<img src="/api/uploads/../../etc/passwd">', ''],
  ['javascript: link', '<a href="javascript:alert(1)">点我</a>', '<a>点我</a>'],
  ['javascript: link with entities and tabs', '<a href="jav&#x09;ascript&#58;alert(1)">点我</a>', '<a>点我</a>'],
  ['upper-case JAVASCRIPT: link', '<a href="JAVASCRIPT:alert(1)">点我</a>', '<a>点我</a>'],
  ['data: link', '<a href="data:text/html,<script>alert(1)</script>">点我</a>', '<a>点我</a>'],
  ['vbscript: link', '<a href="vbscript:msgbox(1)">点我</a>', '<a>点我</a>'],
  ['protocol-relative link', '<a href="//evil.com">点我</a>', '<a>点我</a>'],
  ['https link opens a new tab without opener', '<a href="https://www.gov.cn/" target="_self" onclick="x()">政府网</a>', '<a href="https://www.gov.cn/" target="_blank" rel="noopener noreferrer">政府网</a>'],
  ['mailto link', '<a href="mailto:office@example.cn">来信</a>', '<a href="mailto:office@example.cn" target="_blank" rel="noopener noreferrer">来信</a>'],
  ['iframe with its content', '<iframe src="https://evil.com">备用</iframe><p>正文</p>', '<p>正文</p>'],
  ['object and embed', '<object data="x.swf"></object><embed src="x.swf">正文', '正文'],
  ['svg with script and onload', '<svg onload="alert(1)"><script>alert(1)</script></svg>正文', '正文'],
  ['math with a link', '<math><mtext><a href="javascript:alert(1)">x</a></mtext></math>正文', '正文'],
  ['style element', '<style>body{display:none}</style><p>正文</p>', '<p>正文</p>'],
  ['form and input', '<form action="https://evil.com"><input name="pw">密码</form>', '密码'],
  ['meta refresh and base', '<meta http-equiv="refresh" content="0;url=https://evil.com"><base href="https://evil.com">正文', '正文'],
  ['event handler on an allowed tag', '<p onclick="alert(1)" onmouseover="alert(2)">正文</p>', '<p>正文</p>'],
  ['position, z-index and opacity overlay', '<div style="position:fixed;top:0;left:0;z-index:9999;opacity:0;color:red">覆盖</div>', '<div style="color:red">覆盖</div>'],
  ['display none hides text', '<p style="display:none">隐藏</p>', '<p>隐藏</p>'],
  ['url() in a background', '<p style="background-color: red; background: url(javascript:alert(1))">x</p>', '<p style="background-color:red">x</p>'],
  ['expression() in a colour', '<p style="color: expression(alert(1))">x</p>', '<p>x</p>'],
  ['negative text-indent pushes text away', '<p style="text-indent:-9999px">x</p>', '<p>x</p>'],
  ['huge font size', '<p style="font-size: 99999px">x</p>', '<p>x</p>'],
  ['allowed editor styles kept', '<p style="color: rgb(225, 60, 57); background-color: #fff; text-align: center; text-indent: 2em; line-height: 1.5; font-size: 16px; font-weight: bold; text-decoration: underline;">x</p>', '<p style="color:rgb(225, 60, 57);background-color:#fff;text-align:center;text-indent:2em;line-height:1.5;font-size:16px;font-weight:bold;text-decoration:underline">x</p>'],
  ['class and id dropped', '<p class="evil" id="login">x</p>', '<p>x</p>'],
  ['table keeps colspan and rowspan only', '<table style="width: 100%;"><tbody><tr><th colSpan="2" rowSpan="1" width="auto" onclick="x()">表头</th></tr><tr><td colspan="abc">格</td></tr></tbody></table>', '<table style="width:100%"><tbody><tr><th colspan="2" rowspan="1" width="auto">表头</th></tr><tr><td>格</td></tr></tbody></table>'],
  ['textarea and select content dropped', '<textarea><img src=x onerror=alert(1)></textarea><select><option>a</option></select>正文', '正文'],
  ['entity-encoded script stays text', '<p>&lt;script&gt;steal()&lt;/script&gt;</p>', '<p>&lt;script&gt;steal()&lt;/script&gt;</p>'],
  ['unclosed attribute trick', '<p title="</p><script>alert(1)</script>">x</p>', '<p>x</p>'],
  ['html comment and CDATA', '<!-- <script>alert(1)</script> --><![CDATA[<script>alert(1)</script>]]>正文', '正文'],
  ['xmp raw text', '<xmp><script>alert(1)</script></xmp>正文', '正文'],
  ['noscript content', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>正文', '正文'],
  ['editor paragraph formatting kept', '<h2>标题</h2><blockquote>引用</blockquote><ul><li><em>一</em></li></ul><pre><code>a &lt; b</code></pre><hr/><p>x<sub>2</sub><sup>3</sup><s>删</s><u>下</u><br/></p>', '<h2>标题</h2><blockquote>引用</blockquote><ul><li><em>一</em></li></ul><pre><code>a &lt; b</code></pre><hr /><p>x<sub>2</sub><sup>3</sup><s>删</s><u>下</u><br /></p>'],
  ['h6 and font tags unwrapped', '<h6>小</h6><font color="red">字</font>', '小字'],
];

describe('sanitizeRichText', () => {
  for (const [name, input, expected] of VECTORS) {
    test(name, () => {
      const output = sanitizeRichText(input);
      assert.equal(output, expected);
      for (const pattern of DANGEROUS) assert.doesNotMatch(output, pattern, `${name}: ${output}`);
    });
  }

  test('is stable: sanitising its own output changes nothing', () => {
    for (const [, input] of VECTORS) {
      const once = sanitizeRichText(input);
      assert.equal(sanitizeRichText(once), once);
    }
  });

  test('deep nesting is cut, not a crash', () => {
    const deep = `${'<div>'.repeat(5000)}x${'</div>'.repeat(5000)}`;
    const output = sanitizeRichText(deep);
    assert.ok(output.length < deep.length);
    assert.ok(output.includes('x'));
  });
});

describe('plainText', () => {
  test('separates blocks, decodes entities and drops script text', () => {
    assert.equal(plainText('<p>甲 &amp; 乙 &lt;丙&gt;</p><p>二</p><script>alert(1)</script>'), '甲 & 乙 <丙> 二');
  });

  test('cuts to the limit with an ellipsis, counting characters not bytes', () => {
    const text = plainText(`<p>${'长'.repeat(200)}</p>`, 10);
    assert.equal(Array.from(text).length, 10);
    assert.ok(text.endsWith('…'));
    assert.equal(plainText('<p>短文</p>', 10), '短文');
  });

  test('a blank rich text is recognised, an image alone is not blank', () => {
    assert.equal(isBlankRichText('<p><br></p><p>&nbsp;</p>'), true);
    assert.equal(isBlankRichText(sanitizeRichText(`<p><img src="${UPLOAD}"></p>`)), false);
  });
});
