// @vitest-environment jsdom

import { message } from 'antd';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import { click, installDomStubs, type Rendered, render, waitFor } from '../test/dom';
import { CopyButton } from './CopyButton';

beforeAll(() => {
  installDomStubs();
  initI18n('zh');
});
let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  message.destroy();
});
afterAll(() => new Promise((r) => setTimeout(r, 200)));

const notice = () => document.querySelector('.ant-message')?.textContent ?? '';

describe('copy', () => {
  it('puts the text on the clipboard and says 复制成功 with it', async () => {
    const copied: string[] = [];
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async (s: string) => void copied.push(s) },
      configurable: true,
    });
    view = await render(<CopyButton text="IV2026110001" />);
    await click(document.querySelector('[data-testid="copy-button"]'));
    await waitFor(() => notice().includes('复制成功'));
    expect(copied).toEqual(['IV2026110001']);
    expect(notice()).toContain('复制成功：IV2026110001');
  });

  it('says 复制失败 when the page may not copy', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    view = await render(<CopyButton text="IV2026110002" />);
    await click(document.querySelector('[data-testid="copy-button"]'));
    await waitFor(() => notice().includes('复制失败'));
    expect(notice()).not.toContain('IV2026110002');
  });
});
