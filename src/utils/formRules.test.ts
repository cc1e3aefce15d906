import { FIELD_RULES } from './formRules';

// The forms say what the server would (common/textRules.ts) while the name is typed.
const check = (value: string) => FIELD_RULES.visibleText.validator(undefined as never, value);

test('a name with a hidden or direction character is refused with the server’s words; a plain one passes', async () => {
  for (const name of ['张\u202E三', '\u3164', '李\u{E0041}四', '王\u00AD五']) {
    await expect(check(name)).rejects.toThrow('不能含有不可见字符或文字方向控制字符');
  }
  await expect(check('张三')).resolves.toBeUndefined();
  await expect(check('')).resolves.toBeUndefined();
});
