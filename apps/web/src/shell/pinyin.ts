import { pinyin } from 'pinyin-pro';

/** The ways a Chinese name can be typed on a Latin keyboard: full pinyin (kucun) and initials (kc). */
export interface PinyinKeys {
  full: string;
  initials: string;
}

const cache = new Map<string, PinyinKeys>();

/** Pinyin of a name without tones or spaces; non-Chinese characters stay as they are (lower case). */
export function pinyinKeys(name: string): PinyinKeys {
  let keys = cache.get(name);
  if (!keys) {
    const syllables = pinyin(name, { toneType: 'none', type: 'array', nonZh: 'consecutive' }).map((s) =>
      s.toLowerCase().replace(/\s+/g, ''),
    );
    keys = { full: syllables.join(''), initials: syllables.map((s) => s.charAt(0)).join('') };
    cache.set(name, keys);
  }
  return keys;
}

/**
 * Whether a typed term finds a name: plain contains-match, or (for a Latin term) a contains-match
 * on the name's full pinyin or on its initials, so "kucun" and "kc" both find 库存.
 */
export function matchesName(name: string, term: string): boolean {
  const q = term.trim().toLowerCase().replace(/\s+/g, '');
  if (!q) return false;
  if (name.toLowerCase().replace(/\s+/g, '').includes(q)) return true;
  // only letters (and digits) are worth converting: a Chinese term was already compared directly
  if (!/^[a-z0-9]+$/.test(q) || !/[\u4e00-\u9fff]/.test(name)) return false;
  const { full, initials } = pinyinKeys(name);
  return full.includes(q) || initials.includes(q);
}
