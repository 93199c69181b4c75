import { bool, defineEntity, int, text } from '@mes/model';

/** Shifts of the plant (spec part 1 §9: morning, middle, night); production and attendance plan by them. */
export const workShift = defineEntity({
  name: 'WorkShift',
  label: { zh: '班次', en: 'Shift' },
  kind: 'master',
  table: 'work_shift',
  key: 'Shift_ID',
  menu: 'setting.shift',
  fields: {
    Shift_Code: text({ zh: '班次编码', en: 'Shift code' }, { max: 20, required: true, unique: true }),
    Shift_Name: text({ zh: '班次名称', en: 'Shift name' }, { max: 40, required: true }),
    Start_Time: text({ zh: '开始时间', en: 'Start time' }, { max: 5, required: true, format: 'time' }),
    End_Time: text({ zh: '结束时间', en: 'End time' }, { max: 5, required: true, format: 'time' }),
    Break_Minutes: int({ zh: '休息分钟', en: 'Break (minutes)' }, { min: 0, max: 600 }),
    Crosses_Midnight: bool({ zh: '跨天', en: 'Crosses midnight' }),
  },
  display: 'Shift_Name',
  list: { defaultSort: 'Shift_Code' },
});
