import { AUTHORIZATION_KEY, memoryStore, TOKEN_KEY } from '@mes/engine-web/api';
import { describe, expect, it } from 'vitest';
import { feedbackRoute } from '../layout/topbar/HelpMenu';
import { safeRedirect } from '../pages/Login';
import { groupTodos } from '../pages/messages/NeedDo';
import type { Message } from './api';
import { isLocked, LOCK_COOKIE, lock, saveSidebarOpened, sidebarOpened, unlock } from './cookies';
import { experienceValues, storeExperience } from './experience';
import { loginPath } from './session';

describe('experience entry', () => {
  it('only for a visitor from an experience page with lockState or experienceToken', () => {
    expect(
      experienceValues('https://demo.example.com/experience/', '?experienceToken=abc&lockState=0'),
    ).toEqual({
      lockState: '0',
      experienceToken: 'abc',
    });
    expect(experienceValues('https://www.example.com/', '?experienceToken=abc')).toBeNull();
    expect(experienceValues('https://x.example/experience', '?foo=1')).toBeNull();
    expect(experienceValues('', '?experienceToken=abc')).toBeNull();
  });
  it('stores the token as the credentials and lockState as the lock cookie', () => {
    const jar = memoryStore();
    storeExperience({ lockState: '0', experienceToken: 'abc' }, jar);
    expect(jar.get(TOKEN_KEY)).toBe('abc');
    expect(jar.get(AUTHORIZATION_KEY)).toBe('Bearer abc');
    expect(jar.get(LOCK_COOKIE)).toBe('0');
    expect(isLocked(jar)).toBe(false);
  });
});

describe('shell cookies', () => {
  it('locking keeps where the user was; unlocking returns there, or to the dashboard', () => {
    const jar = memoryStore();
    lock('/setting/factory?x=1', jar);
    expect(isLocked(jar)).toBe(true);
    expect(unlock(jar)).toBe('/setting/factory?x=1');
    expect(isLocked(jar)).toBe(false);
    lock('', jar);
    expect(unlock(jar)).toBe('/dashboard');
    jar.set('lockReturn', '//evil.example');
    expect(unlock(jar)).toBe('/dashboard');
  });
  it('keeps the sidebar open or collapsed, open by default', () => {
    const jar = memoryStore();
    expect(sidebarOpened(jar)).toBe(true);
    saveSidebarOpened(false, jar);
    expect(sidebarOpened(jar)).toBe(false);
    saveSidebarOpened(true, jar);
    expect(sidebarOpened(jar)).toBe(true);
  });
});

describe('sign-in redirects', () => {
  it('remembers where the guard stopped the user, never an outside address', () => {
    expect(loginPath('/setting/factory?x=1')).toBe('/login?redirect=%2Fsetting%2Ffactory%3Fx%3D1');
    expect(loginPath('/')).toBe('/login');
    expect(safeRedirect('/setting/factory')).toBe('/setting/factory');
    expect(safeRedirect('//evil.example')).toBe('/dashboard');
    expect(safeRedirect('https://evil.example')).toBe('/dashboard');
    expect(safeRedirect('/login')).toBe('/dashboard');
    expect(safeRedirect(null)).toBe('/dashboard');
  });
});

describe('help and to-dos', () => {
  it('offers feedback only when the user has the UserQuestion page', () => {
    expect(
      feedbackRoute([{ path: '/home/UserQuestion', title: { zh: '意见反馈', en: 'Feedback' } }]),
    ).toBeTruthy();
    expect(
      feedbackRoute([{ path: '/setting/factory', title: { zh: '工厂', en: 'Factory' } }]),
    ).toBeUndefined();
  });
  it('groups the pending list by Parent_Menu_Name, in either language', () => {
    const m = (ID: number, zh: string | null, en: string | null) =>
      ({ ID, Title: `t${ID}`, Parent_Menu_Name: zh, Parent_Menu_Name_En: en }) as Message;
    const items = [
      m(1, '采购管理', 'Purchasing'),
      m(2, '生产管理', 'Production'),
      m(3, '采购管理', 'Purchasing'),
      m(4, null, null),
    ];
    expect(groupTodos(items, 'zh', '其他').map((g) => [g.name, g.items.map((i) => i.ID)])).toEqual([
      ['采购管理', [1, 3]],
      ['生产管理', [2]],
      ['其他', [4]],
    ]);
    expect(groupTodos(items, 'en', 'Other').map((g) => g.name)).toEqual([
      'Purchasing',
      'Production',
      'Other',
    ]);
  });
});
