import { describe, expect, it } from 'vitest';
import { en } from './en';
import { currentLang, i18n, initI18n, LANG_STORAGE_KEY, setLanguage } from './index';
import { issueText } from './issues';
import { zh } from './zh';

function keys(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('catalogues', () => {
  it('zh and en have the same keys and no empty text', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort());
    const at = (o: object, k: string) =>
      k.split('.').reduce<unknown>((v, p) => (v as Record<string, unknown>)[p], o);
    for (const k of keys(zh)) {
      expect(at(zh, k), k).toMatch(/\S/);
      expect(at(en, k), k).toMatch(/\S/);
    }
  });

  it('use the spec messages word for word in zh', () => {
    expect(zh.common.success).toBe('操作成功');
    expect(zh.common.inDevelopment).toBe('功能正在开发中');
    expect(zh.common.total).toBe('合计');
    expect(zh.common.batch).toBe('批量');
    expect(zh.messages.selectRowToEdit).toBe('请先选择要编辑的行');
    expect(zh.messages.selectRowToPrint).toBe('请先选择需要打印的行');
    expect(zh.messages.tableConfigError).toBe('表格配置参数错误！');
    expect(zh.messages.tableConfigSaved).toBe('表格配置已保存');
    expect(zh.messages.tableConfigReset).toBe('表格配置已重置');
    expect(zh.time.justNow).toBe('刚刚');
    expect(zh.time.oneDayAgo).toBe('1天前');
  });
});

describe('language', () => {
  it('defaults to zh and stores the choice under "lang"', async () => {
    const store = new Map<string, string>();
    Object.assign(globalThis, {
      localStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => store.set(k, v),
      },
    });
    initI18n();
    expect(currentLang()).toBe('zh');
    expect(i18n.t('common.success')).toBe('操作成功');
    await setLanguage('en');
    expect(store.get(LANG_STORAGE_KEY)).toBe('en');
    expect(i18n.t('common.success')).toBe('Done');
    await setLanguage('zh');
  });

  it('translates zod issues by key and tells required from wrong', () => {
    initI18n('zh');
    const t = i18n.getFixedT('zh');
    expect(
      issueText({ code: 'invalid_type', expected: 'string', message: '', path: ['A'] }, t, undefined),
    ).toBe('必填');
    expect(
      issueText({ code: 'too_big', origin: 'string', maximum: 5, message: '', path: [] }, t, 'abcdefg'),
    ).toBe('最多 5 个字符');
    expect(
      issueText(
        { code: 'custom', message: 'decimal_min', params: { key: 'decimal_min', min: '0' }, path: [] },
        t,
        '-1',
      ),
    ).toBe('不能小于 0');
    expect(issueText({ code: 'invalid_union', message: '', path: [] }, t, 9)).toBe('请选择列表中的值');
    expect(issueText({ code: 'custom', message: 'x', params: { key: 'no_such_key' }, path: [] }, t, 1)).toBe(
      '输入不正确',
    );
  });
});
