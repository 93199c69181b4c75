import { AppError, defineHooks } from '@mes/engine-server';
import { dataDictionary } from './dataDictionary.entity';

/** Encoding rules are tokens like `PO{YYYYMMDD}{####}`: literal text, one date token, one counter. */
export const ENCODING_RULE = /^[A-Za-z0-9_-]*(\{(YYYY|YYYYMM|YYYYMMDD)\})?[A-Za-z0-9_-]*\{#{2,10}\}$/;

export const dataDictionaryHooks = defineHooks(dataDictionary, {
  validate(_ctx, data, old) {
    const encoding = data.Is_Encoding ?? old?.Is_Encoding;
    const rule = data.Encoding_Rules !== undefined ? data.Encoding_Rules : old?.Encoding_Rules;
    const codes = ((data.Items as { Item_Code?: string | null }[] | undefined) ?? [])
      .map((i) => i.Item_Code)
      .filter(Boolean);
    if (new Set(codes).size !== codes.length)
      throw new AppError('duplicate', { field: dataDictionary.lines.Items.fields.Item_Code.label });
    if (!encoding) return;
    if (!rule)
      throw new AppError('validation', {
        field: dataDictionary.fields.Encoding_Rules.label,
        reason: { zh: '不能为空', en: 'is required' },
      });
    if (!ENCODING_RULE.test(String(rule)))
      throw new AppError('validation', {
        field: dataDictionary.fields.Encoding_Rules.label,
        reason: { zh: '格式应如 PO{YYYYMMDD}{####}', en: 'must look like PO{YYYYMMDD}{####}' },
      });
  },
});
