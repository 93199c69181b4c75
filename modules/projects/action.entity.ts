import { bool, date, datetime, defineEntity, enumOf, ref, text } from '@mes/model';
import { PM_MENU } from './menu';
import { ISSUE_SOURCES, ISSUE_TYPES, PHASES, PRIORITIES, QUESTION_STATUS } from './options';

/**
 * 行动跟踪: an open issue of a program (spec part 2 fields). The champion closes it, then the
 * supervisor verifies it: two steps (/ActionTracker/Close, /ActionTracker/Verify).
 */
export const actionTracker = defineEntity({
  name: 'ActionTracker',
  label: { zh: '行动跟踪', en: 'Action tracker' },
  kind: 'master',
  key: 'Action_ID',
  menu: PM_MENU.actionTracker,
  fields: {
    Action_NO: text({ zh: '行动编号', en: 'Action no.' }, { max: 30, unique: true, readOnly: true }),
    Question_Status: enumOf({ zh: '状态', en: 'Status' }, QUESTION_STATUS, { default: 1 }),
    Priority: enumOf({ zh: '优先级', en: 'Priority' }, PRIORITIES, { default: 2 }),
    Phase: enumOf({ zh: '阶段', en: 'Phase' }, PHASES),
    Project_ID: ref({ zh: '项目', en: 'Project' }, 'Project', 'Project_Name', { required: true }),
    Description: text({ zh: '问题描述', en: 'Description' }, { max: 1000, required: true, multiline: true }),
    Verified: bool({ zh: '已验证', en: 'Verified' }, { readOnly: true }),
    Closed: bool({ zh: '已关闭', en: 'Closed' }, { readOnly: true }),
    Due_Date: date({ zh: '完成期限', en: 'Due date' }),
    Completion_Date: date({ zh: '完成日期', en: 'Completion date' }, { readOnly: true }),
    Open_Date: date({ zh: '提出日期', en: 'Open date' }, { default: 'today' }),
    Champion_ID: ref({ zh: '负责人', en: 'Champion' }, 'Users', 'User_Name'),
    Supervisor_ID: ref({ zh: '监督人', en: 'Supervisor' }, 'Users', 'User_Name'),
    Issue_Type: enumOf({ zh: '问题类型', en: 'Issue type' }, ISSUE_TYPES),
    Issue_Source: enumOf({ zh: '问题来源', en: 'Issue source' }, ISSUE_SOURCES),
    Factory_ID: ref({ zh: '工厂', en: 'Factory' }, 'Factory', 'Factory_Name'),
    Comments: text({ zh: '备注', en: 'Comments' }, { max: 1000, multiline: true, hiddenInList: true }),
    Meeting_ID: ref({ zh: '来源会议', en: 'From meeting' }, 'Meeting', 'Theme', {
      readOnly: true,
      hiddenInList: true,
    }),
    Closed_At: datetime({ zh: '关闭时间', en: 'Closed at' }, { readOnly: true, hiddenInList: true }),
    Verified_At: datetime({ zh: '验证时间', en: 'Verified at' }, { readOnly: true, hiddenInList: true }),
  },
  display: 'Action_NO',
  list: {
    columns: [
      'Action_NO',
      'Question_Status',
      'Priority',
      'Phase',
      'Project_ID',
      'Description',
      'Verified',
      'Closed',
      'Due_Date',
      'Completion_Date',
      'Open_Date',
      'Champion_ID',
      'Supervisor_ID',
      'Issue_Type',
      'Issue_Source',
      'Factory_ID',
    ],
    search: ['Action_NO', 'Description', 'Project_ID'],
    defaultSort: 'Due_Date',
  },
  features: {
    tags: true,
    attachments: true,
    numbering: { field: 'Action_NO', prefix: 'AT', period: 'year', digits: 5 },
  },
});
