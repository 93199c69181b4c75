import { useEffect, useState } from 'react';

/** The ways a Chinese name can be typed on a Latin keyboard: full pinyin (kucun) and initials (kc). */
export interface PinyinKeys {
  full: string;
  initials: string;
}

type PinyinFn = typeof import('pinyin-pro').pinyin;
/**
 * pinyin-pro with its dictionary is a few hundred KB: it loads when a search box is first used,
 * not with the sign-in page (the web budget); until then a search matches names as typed.
 */
let engine: PinyinFn | null = null;
let loading: Promise<void> | null = null;

export function loadPinyin(): Promise<void> {
  loading ??= import('pinyin-pro').then((m) => {
    engine = m.pinyin;
  });
  return loading;
}

/** Loads pinyin once `active` (something is typed); true once it is there, re-rendering the caller. */
export function usePinyin(active: boolean): boolean {
  const [ready, setReady] = useState(engine !== null);
  useEffect(() => {
    if (ready || !active) return;
    let live = true;
    void loadPinyin().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [ready, active]);
  return ready;
}

const cache = new Map<string, PinyinKeys>();

/** Pinyin of a name without tones or spaces; non-Chinese characters stay as they are (lower case). */
export function pinyinKeys(name: string): PinyinKeys | null {
  if (!engine) return null;
  let keys = cache.get(name);
  if (!keys) {
    const syllables = engine(name, { toneType: 'none', type: 'array', nonZh: 'consecutive' }).map((s) =>
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
  const keys = pinyinKeys(name);
  return !!keys && (keys.full.includes(q) || keys.initials.includes(q));
}
