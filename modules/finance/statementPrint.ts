import { date, decimal, defineEntity, enumOf, text } from '@mes/model';
import { ENTRY_TYPES } from './ledger.entity';

const money = (zh: string, en: string) => decimal({ zh, en }, { precision: 18, scale: 2 });

/**
 * The shape a partner statement (对账单) prints in: a declaration the engine's print draws, not a
 * table (the module does not list it among its entities).
 */
export const statementPrint = defineEntity({
  name: 'PartnerStatement',
  label: { zh: '对账单', en: 'Statement' },
  kind: 'log',
  api: false,
  fields: {
    Partner_Name: text({ zh: '往来单位', en: 'Partner' }, { max: 120 }),
    Period: text({ zh: '期间', en: 'Period' }, { max: 40 }),
    Currency_Name: text({ zh: '币种', en: 'Currency' }, { max: 30 }),
    Opening: money('期初余额', 'Opening balance'),
    Increase: money('本期增加', 'Increase'),
    Decrease: money('本期减少', 'Decrease'),
    Closing: money('期末余额', 'Closing balance'),
  },
  lines: {
    Entries: {
      label: { zh: '明细', en: 'Entries' },
      fields: {
        Posting_Date: date({ zh: '业务日期', en: 'Date' }),
        Doc_NO: text({ zh: '单据编号', en: 'Document no.' }, { max: 40 }),
        Entry_Type: enumOf({ zh: '明细类型', en: 'Entry type' }, ENTRY_TYPES),
        Against_Doc_NO: text({ zh: '核销单据', en: 'Settles' }, { max: 40 }),
        Due_Date: date({ zh: '到期日', en: 'Due date' }),
        Increase: money('增加', 'Increase'),
        Decrease: money('减少', 'Decrease'),
        Balance: { ...money('余额', 'Balance'), total: false },
      },
    },
  },
  display: 'Partner_Name',
});
