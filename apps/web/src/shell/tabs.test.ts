import { describe, expect, it } from 'vitest';
import { addView, cachedKeys, closeAll, closeOthers, closeView, ROOT_PATH, type TabView } from './tabs';

const v = (key: string, extra: Partial<TabView> = {}): TabView => ({
  key,
  fullPath: key,
  title: { zh: key, en: key },
  ...extra,
});
const home = v('/dashboard', { affix: true, noCache: true });
const keys = (vs: TabView[]) => vs.map((x) => x.key);

describe('opening tabs', () => {
  it('appends a new page and keeps an open one in place with its newer query', () => {
    let vs = addView([], home);
    vs = addView(vs, v('/a'));
    vs = addView(vs, v('/b'));
    vs = addView(vs, { ...v('/a'), fullPath: '/a?x=1' });
    expect(keys(vs)).toEqual(['/dashboard', '/a', '/b']);
    expect(vs[1].fullPath).toBe('/a?x=1');
  });
  it('returns the same list when nothing changed (no re-render loop)', () => {
    const vs = addView([home], v('/a'));
    expect(addView(vs, v('/a'))).toBe(vs);
  });
  it('puts affix tabs first', () => {
    const vs = addView([v('/a')], home);
    expect(keys(vs)).toEqual(['/dashboard', '/a']);
  });
});

describe('closing tabs', () => {
  const all = [home, v('/a'), v('/b'), v('/c')];
  it('an affix tab cannot be closed', () => {
    expect(closeView(all, '/dashboard', '/dashboard')).toEqual({ views: all });
  });
  it('closing an inactive tab stays where the user is', () => {
    const r = closeView(all, '/a', '/c');
    expect(keys(r.views)).toEqual(['/dashboard', '/b', '/c']);
    expect(r.next).toBeUndefined();
  });
  it('closing the active tab goes to the last remaining tab', () => {
    expect(closeView(all, '/c', '/c').next).toBe('/b');
    expect(closeView(all, '/b', '/b').next).toBe('/c');
  });
  it('closing the only tab goes to the root', () => {
    const r = closeView([v('/a')], '/a', '/a');
    expect(r).toEqual({ views: [], next: ROOT_PATH });
  });
  it('an unknown tab changes nothing', () => {
    expect(closeView(all, '/zzz', '/a').views).toBe(all);
  });
  it('close others keeps the affix tabs and the chosen one, and shows it', () => {
    expect(closeOthers(all, '/b', '/b')).toEqual({ views: [home, all[2]] });
    expect(closeOthers(all, '/b', '/c')).toEqual({ views: [home, all[2]], next: '/b' });
  });
  it('close all keeps the affix tabs and goes to the last of them', () => {
    expect(closeAll(all, '/b')).toEqual({ views: [home], next: '/dashboard' });
    expect(closeAll(all, '/dashboard')).toEqual({ views: [home] });
    expect(closeAll([v('/a')], '/a')).toEqual({ views: [], next: ROOT_PATH });
  });
  it('pinned (affix) tabs stay whatever is closed', () => {
    const pinned = [home, v('/p', { affix: true }), v('/a')];
    expect(keys(closeAll(pinned, '/a').views)).toEqual(['/dashboard', '/p']);
    expect(closeAll(pinned, '/a').next).toBe('/p');
  });
});

describe('cached views', () => {
  it('keeps alive every visited page except noCache ones', () => {
    expect(cachedKeys([home, v('/a'), v('/b', { noCache: true })])).toEqual(['/a']);
  });
});
