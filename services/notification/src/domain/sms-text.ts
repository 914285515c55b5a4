/**
 * GSM 03.38 basic character set (and its extension table, whose characters count twice). Any other character
 * switches the whole message to UCS-2, cutting a segment from 160 to 70 characters (TOOLCHAIN.md, SMS facts).
 */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '^{}\\[~]|€\f';

export const SMS_SEGMENT_LENGTH = 160;
/** A text with any character outside GSM-7 goes as UCS-2: 70 UTF-16 code units in one segment. */
export const UCS2_SEGMENT_LENGTH = 70;
/** Concatenated, each segment gives 7 septets (GSM-7) or 3 code units (UCS-2) to the header that joins them. */
const GSM7_CONCATENATED_LENGTH = 153;
const UCS2_CONCATENATED_LENGTH = 67;

export type SmsEncoding = 'GSM-7' | 'UCS-2';

/** Characters people and browsers type that are not GSM-7, with the GSM-7 text that reads the same. */
const LOOKALIKES: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u00A0': ' ',
  '\t': ' ',
  // Letters with a stroke or ligatures that do not decompose into a GSM-7 base letter.
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Œ: 'OE',
  œ: 'oe',
  Þ: 'Th',
  þ: 'th',
  ð: 'd',
};

/** How many GSM-7 septets the text takes, or undefined when it holds a character outside GSM-7. */
export function gsm7Length(text: string): number | undefined {
  let length = 0;
  for (const character of text) {
    if (GSM7_BASIC.includes(character)) length += 1;
    else if (GSM7_EXTENSION.includes(character)) length += 2;
    else return undefined;
  }
  return length;
}

/** The encoding a provider sends the text in: GSM-7 when every character is one, else UCS-2 for the whole text. */
export function smsEncodingOf(text: string): SmsEncoding {
  return gsm7Length(text) === undefined ? 'UCS-2' : 'GSM-7';
}

/**
 * How many segments the text is sent (and billed) as: 160 septets or 70 UTF-16 code units in one segment, 153 or 67 in
 * each when concatenated. Spanish letters GSM-7 has (é, ñ, ü, ¿, ¡) keep a text GSM-7; á, í, ó or ú make it UCS-2.
 */
export function smsSegmentsOf(text: string): number {
  const septets = gsm7Length(text);
  if (septets !== undefined) return septets <= SMS_SEGMENT_LENGTH ? 1 : Math.ceil(septets / GSM7_CONCATENATED_LENGTH);
  // UCS-2 counts UTF-16 code units: a character outside the BMP (an emoji) takes two.
  const units = text.length;
  return units <= UCS2_SEGMENT_LENGTH ? 1 : Math.ceil(units / UCS2_CONCATENATED_LENGTH);
}

/** Whether the text goes as one segment, in whichever encoding it needs. */
export function isSingleSegment(text: string): boolean {
  return smsSegmentsOf(text) === 1;
}

/** Whether the text goes as one GSM-7 segment. */
export function isSingleGsm7Segment(text: string): boolean {
  const length = gsm7Length(text);
  return length !== undefined && length <= SMS_SEGMENT_LENGTH;
}

/**
 * The text with every character outside GSM-7 replaced by its look-alike or dropped (accents are mostly kept,
 * GSM-7 has the common ones), so user-given text such as an address cannot turn a message into UCS-2.
 */
export function toGsm7(text: string): string {
  let result = '';
  for (const character of text) {
    if (GSM7_BASIC.includes(character) || GSM7_EXTENSION.includes(character)) result += character;
    else if (LOOKALIKES[character] !== undefined) result += LOOKALIKES[character];
    else {
      // Decompose accented letters GSM-7 lacks (ô → o) and keep the base letter when it is GSM-7.
      const base = character.normalize('NFD').charAt(0);
      if (base !== character && GSM7_BASIC.includes(base)) result += base;
    }
  }
  return result;
}
