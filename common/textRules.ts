// What text people type may hold (ADR 0039). The contracts use these on the server (ajv compiles
// patterns with the `u` flag) and the forms use the same ones as people type (src/utils/formRules.ts).

/**
 * Characters that hide or disguise a short text (a name, a title, a keyword): they show nothing
 * (U+3164 and the other Hangul fillers, U+2800 blank braille, soft hyphen U+00AD, combining grapheme
 * joiner U+034F, zero-width spaces and joiners, word joiner and invisible operators U+2060–U+2064,
 * BOM, Mongolian vowel separator U+180E, Khmer invisible vowels), turn text around (bidirectional
 * marks, embeddings, overrides and isolates, U+061C), smuggle hidden text (tag characters
 * U+E0000–U+E007F, interlinear annotations), or break the line (control characters, U+2028/9).
 * A zero-width joiner between two emoji (👨‍👩‍👧) is harmless and allowed.
 * No lookbehind: older phone browsers cannot compile it.
 */
export const HIDDEN_CHARACTERS =
  '[\\x00-\\x1F\\x7F-\\x9F\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180E\\u200B\\u200C\\u200E\\u200F\\u2028-\\u202E' +
  '\\u2060-\\u206F\\u2800\\u3164\\uFEFF\\uFFA0\\uFFF9-\\uFFFB\\u{E0000}-\\u{E007F}]' +
  // A joiner at the start, after anything but an emoji (with its presentation or skin-tone mark)...
  '|(?:^|[^\\p{Extended_Pictographic}\\uFE0F\\u{1F3FB}-\\u{1F3FF}])\\u200D' +
  // ...or not followed by one.
  '|\\u200D(?!\\p{Extended_Pictographic})';

export const HIDDEN_CHARACTERS_MESSAGE = '不能含有不可见字符或文字方向控制字符';

// The class lists a combining mark (U+034F) and skin-tone modifiers on purpose, each on its own.
// eslint-disable-next-line no-misleading-character-class
const hidden = new RegExp(HIDDEN_CHARACTERS, 'u');

/** True when a short text holds a character it may not (see HIDDEN_CHARACTERS). */
export const hasHiddenCharacters = (text: string) => hidden.test(text);

/**
 * What a long text (a description, a reply, rich text) loses: bidirectional controls, which can
 * reverse the rest of a line as others see it, and tag characters, which carry text nobody sees.
 * Line breaks, emoji and their joiners stay.
 */
const STRIPPED_FROM_LONG_TEXT = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]|[\u{E0000}-\u{E007F}]/gu;

export const stripHiddenFormatting = (text: string) => text.replace(STRIPPED_FROM_LONG_TEXT, '');
