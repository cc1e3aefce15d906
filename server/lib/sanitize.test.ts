import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DANGEROUS, UPLOAD, XSS_VECTORS as VECTORS } from '../../tests/helpers/xss';
import { isBlankRichText, plainText, sanitizeRichText } from './sanitize';

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
