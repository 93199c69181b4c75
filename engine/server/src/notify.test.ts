import { describe, expect, it } from 'vitest';
import { messageTitle, renderMessage } from './notify';

describe('a message is rendered in the reader language (issue 25, bug 7)', () => {
  const params = { doc: { zh: '库存单据', en: 'Stock documents' }, no: 'IV2026110055' };
  it('takes each parameter given in both languages in the reader one', () => {
    expect(renderMessage('msg_pending', params, 'zh')).toBe('库存单据 IV2026110055 待您审批');
    expect(renderMessage('msg_pending', params, 'en')).toBe(
      'Stock documents IV2026110055 is waiting for your approval',
    );
  });
  it('reads a stored row: by its key, or as written when it predates keys', () => {
    const row = {
      title: '库存单据 IV2026110055 待您审批',
      msg_key: 'msg_pending',
      msg_params: JSON.stringify(params),
    };
    expect(messageTitle(row, 'en')).toBe('Stock documents IV2026110055 is waiting for your approval');
    expect(messageTitle({ title: '旧消息', msg_key: null, msg_params: null }, 'en')).toBe('旧消息');
    expect(messageTitle({ title: 't', msg_key: 'msg_approved', msg_params: '{bad' }, 'en')).toBe(
      '{doc} {no} has been approved',
    );
  });
});
