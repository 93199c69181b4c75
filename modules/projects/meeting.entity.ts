import { date, datetime, defineEntity, enumOf, ref, text } from '@mes/model';
import { PM_MENU } from './menu';
import { MEETING_STATUS, MEETING_TYPES, MINUTE_KINDS } from './options';

/**
 * 会议: a program meeting, status 1 → 2 → 3 → 9 (/Meeting/Advance). Recording the minutes (→ 3)
 * turns each action item into an action-tracker entry.
 */
export const meeting = defineEntity({
  name: 'Meeting',
  label: { zh: '会议', en: 'Meetings' },
  kind: 'master',
  key: 'Meeting_ID',
  menu: PM_MENU.meeting,
  fields: {
    Meeting_NO: text({ zh: '会议编号', en: 'Meeting no.' }, { max: 30, unique: true, readOnly: true }),
    Project_ID: ref({ zh: '项目', en: 'Program' }, 'Project', 'Project_Name', { required: true }),
    Theme: text({ zh: '主题', en: 'Theme' }, { max: 100, required: true }),
    Meeting_Type: enumOf({ zh: '会议类型', en: 'Type' }, MEETING_TYPES, { required: true, default: 2 }),
    Meeting_Time: datetime({ zh: '会议时间', en: 'Date and time' }, { required: true }),
    Location: text({ zh: '地点', en: 'Location' }, { max: 100 }),
    Agenda: text({ zh: '议程', en: 'Agenda' }, { max: 2000, multiline: true, hiddenInList: true }),
    Summary: text({ zh: '会议总结', en: 'Summary' }, { max: 2000, multiline: true, hiddenInList: true }),
    Initiator_ID: ref({ zh: '发起人', en: 'Initiator' }, 'Users', 'User_Name'),
    Meeting_Status: enumOf({ zh: '会议状态', en: 'Status' }, MEETING_STATUS, { readOnly: true, default: 1 }),
  },
  lines: {
    Participants: {
      label: { zh: '参会人员', en: 'Join team' },
      maxRows: 100,
      fields: { User_ID: ref({ zh: '参会人', en: 'Participant' }, 'Users', 'User_Name', { required: true }) },
    },
    Minutes: {
      label: { zh: '会议纪要', en: 'Minutes' },
      maxRows: 200,
      fields: {
        Item_Kind: enumOf({ zh: '类别', en: 'Kind' }, MINUTE_KINDS, { required: true }),
        Content: text({ zh: '内容', en: 'Content' }, { max: 500, required: true }),
        Champion_ID: ref({ zh: '负责人', en: 'Champion' }, 'Users', 'User_Name'),
        Due_Date: date({ zh: '完成期限', en: 'Due date' }),
        Action_ID: ref({ zh: '行动项', en: 'Action' }, 'ActionTracker', 'Action_NO', { readOnly: true }),
      },
    },
  },
  display: 'Theme',
  list: {
    columns: [
      'Meeting_NO',
      'Project_ID',
      'Theme',
      'Meeting_Type',
      'Meeting_Time',
      'Location',
      'Initiator_ID',
      'Meeting_Status',
    ],
    search: ['Meeting_NO', 'Theme', 'Project_ID'],
    defaultSort: 'Meeting_Time',
  },
  features: {
    attachments: true,
    tags: true,
    numbering: { field: 'Meeting_NO', prefix: 'MTG', period: 'year', digits: 4 },
  },
});
