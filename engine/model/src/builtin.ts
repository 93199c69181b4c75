import { approvalHistory, approvalSetting } from './approval';
import { loginThrottle, moduleMenu, role, sendMsg, user, userOftenMenu, userSession } from './auth';
import { defineEntity } from './entity';
import { datetime, enumOf, int, options, text } from './fields';
import { defineModule } from './module';
import { attachment, menuExtend, printLayout, tagInfo, userColumnInfo, userListView } from './platform';

export const operationLog = defineEntity({
  name: 'OperationLog',
  label: { zh: '系统日志', en: 'Operation log' },
  kind: 'log',
  table: 'operation_log',
  menu: 'setting.log',
  fields: {
    Verb: text({ zh: '操作类型', en: 'Operation' }, { max: 20, required: true }),
    Entity_Name: text({ zh: '对象', en: 'Object' }, { max: 60, required: true }),
    Record_ID: int({ zh: '记录ID', en: 'Record ID' }),
    Operator_ID: int({ zh: '操作人ID', en: 'Operator ID' }),
    Operator_Name: text({ zh: '操作人', en: 'Operator' }, { max: 60 }),
    IP: text({ zh: 'IP地址', en: 'IP address' }, { max: 64 }),
    Op_Time: datetime({ zh: '操作时间', en: 'Time' }, { required: true }),
    Content: text({ zh: '内容', en: 'Content' }, { max: 20000, multiline: true }),
  },
  display: 'Verb',
  list: {
    columns: ['Verb', 'Entity_Name', 'Record_ID', 'Operator_Name', 'IP', 'Op_Time', 'Content'],
    search: ['Entity_Name', 'Operator_Name', 'Content', 'IP'],
    defaultSort: '-ID',
  },
});

export const PERIODS = options(
  [0, '不分期', 'None'],
  [1, '按年', 'Yearly'],
  [2, '按月', 'Monthly'],
  [3, '按日', 'Daily'],
);

export const numberingSeries = defineEntity({
  name: 'NumberingSeries',
  label: { zh: '单据编号规则', en: 'Numbering series' },
  kind: 'master',
  table: 'numbering_series',
  menu: 'setting.numbering',
  fields: {
    Series_Code: text({ zh: '单据类型', en: 'Document type' }, { max: 60, required: true, unique: true }),
    Series_Name: text({ zh: '名称', en: 'Name' }, { max: 100, required: true }),
    Prefix: text({ zh: '前缀', en: 'Prefix' }, { max: 10, required: true }),
    Period: enumOf({ zh: '周期', en: 'Period' }, PERIODS, { required: true, default: 3 }),
    Digits: int({ zh: '流水位数', en: 'Digits' }, { required: true, min: 2, max: 10 }),
    Current_Period: text({ zh: '当前周期', en: 'Current period' }, { max: 10, readOnly: true }),
    Current_Value: int({ zh: '当前流水号', en: 'Current number' }, { readOnly: true }),
  },
  display: 'Series_Name',
});

/** Tables the engine itself writes to; every product includes this module. */
export const engineModule = defineModule({
  code: 'engine',
  label: { zh: '平台', en: 'Platform' },
  order: 0,
  entities: [
    operationLog,
    numberingSeries,
    user,
    role,
    moduleMenu,
    userSession,
    loginThrottle,
    sendMsg,
    userOftenMenu,
    approvalSetting,
    approvalHistory,
    tagInfo,
    userColumnInfo,
    menuExtend,
    attachment,
    printLayout,
    userListView,
  ],
  menu: [],
});
