// The password rule beyond the pattern (length, letters and digits), shared by the server and the
// forms that set a password, so both say the same. Small enough for the client: the list of the
// most common passwords stays on the server (server/services/accounts/passwordPolicy.ts). ADR 0040.

const PASSWORD_RULE_MESSAGES = {
  containsAccount: '密码不能包含账号',
  containsPhone: '密码不能包含手机号码',
  containsCentre: '密码不能包含中心名称',
  pattern: '该密码是常见的组合（如常用词或拼音加生日、年份、520/1314、连续或重复的字符、键盘顺序），容易被猜中，请换一个',
} as const;

/** Words people build passwords from: English ones and common pinyin (names, love words, greetings). */
const COMMON_WORDS = new Set(
  (
    'admin administrator root user test guest password passwd pass pwd login welcome hello love iloveyou ' +
    'qq abc abcd abcde abcdef asd asdf qwe qwer qwert qwerty zxc zxcv aaa aa a q z x woaini aini wo ni ' +
    'woaiwojia woaiwoma laopo laogong baobei baobao qinai xiaobao xiaoming xiaohong xiaoyu xiaoli ' +
    'zhang wang li liu chen yang zhao huang zhou wu xu sun hu zhu gao lin he guo ma luo liang song ' +
    'zheng xie han tang feng yu dong xiao cheng cao yuan deng fu shen zeng peng lv su lu jiang cai jia ' +
    'ding wei xue ye yan pan du dai xia zhong tian ren fan fang shi yao tan liao zou xiong jin ' +
    'wei ming hui jun jie hong hua ling ping yun fei long lei tao bin qiang gang yong ' +
    'zhongguo china beijing shanghai aa bb cc dd zz hao haha hehe xixi nihao zxcvbnm asdfgh qazwsx ' +
    'xiangzhen cunwei zhengfu dangjian zhongxin xiangcun'
  ).split(' '),
);

/** One common word, or two run together (zhangwei, woaiwojia). */
const commonWords = (letters: string) =>
  COMMON_WORDS.has(letters) ||
  Array.from({ length: letters.length - 1 }, (_, i) => i + 1).some(
    (i) => COMMON_WORDS.has(letters.slice(0, i)) && COMMON_WORDS.has(letters.slice(i)),
  );

/** Runs of keys next to each other that people type as a password, and digit runs. */
const WALKS = [
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  '1qaz2wsx3edc4rfv',
  'qazwsxedc',
  '1q2w3e4r5t6y',
  'q1w2e3r4t5',
  '1234567890',
  '0987654321',
  'abcdefghijklmnopqrstuvwxyz',
];
const isWalk = (text: string) =>
  text.length >= 3 && WALKS.some((walk) => walk.includes(text) || [...walk].reverse().join('').includes(text));

/** A year, a date (yyyymmdd, yymmdd, mmdd), the love numbers, a repeat or a run: digits that guess easily. */
function weakDigits(digits: string): boolean {
  if (!digits) return true;
  if (/^(\d)\1*$/.test(digits) || /^(\d{2,4})\1+$/.test(digits)) return true;
  if (isWalk(digits) || /^(?:\d{1,3})$/.test(digits)) return true;
  if (/^(?:19|20)\d{2}$/.test(digits)) return true;
  if (/^(?:19|20)?\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])$/.test(digits)) return true;
  if (/^(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])$/.test(digits)) return true;
  // 520 (我爱你), 1314 (一生一世), 7758 (亲亲我吧) and their combinations.
  return /^(?:520|521|1314|5201314|1314520|7758521|7758|258|147|369|666|888|999|168|518)+$/.test(digits);
}

/**
 * Why the password is refused, or undefined when the rule passes. `context` holds what a guesser
 * tries first: the account name, the person's phone number, the centre's name.
 */
export function passwordRuleProblem(
  password: string,
  context: { account?: string; phone?: string; centreName?: string } = {},
): string | undefined {
  const lower = password.toLowerCase();
  const account = context.account?.trim().toLowerCase();
  if (account && account.length >= 3 && lower.includes(account)) return PASSWORD_RULE_MESSAGES.containsAccount;
  const phone = context.phone?.replace(/\D/g, '');
  if (phone && phone.length >= 6 && (lower.includes(phone) || lower.includes(phone.slice(-6)))) return PASSWORD_RULE_MESSAGES.containsPhone;
  const centre = context.centreName?.trim();
  if (centre && centre.length >= 2 && password.includes(centre)) return PASSWORD_RULE_MESSAGES.containsCentre;
  // One short piece repeated (a1a1a1a1, abc123abc123) or a keyboard or alphabet run.
  if (/^(.{1,6})\1+$/.test(lower) || isWalk(lower.replace(/[^a-z0-9]/g, ''))) return PASSWORD_RULE_MESSAGES.pattern;
  // A common word (any case) with guessable digits around it: admin123456, woaini1314, Admin2026.
  const letters = lower.replace(/[^a-z]/g, '');
  const digits = lower.replace(/\D/g, '');
  const symbolsOnly = lower.replace(/[a-z0-9]/g, '');
  const lettersWeak = commonWords(letters) || isWalk(letters) || /^(.)\1*$/.test(letters);
  if (lettersWeak && weakDigits(digits) && symbolsOnly.length <= 1) return PASSWORD_RULE_MESSAGES.pattern;
  return undefined;
}
