import { defineEntity } from './entity';
import { datetime, int, ref, text } from './fields';

/** Approval levels per menu (DESIGN.md §5): level n is approved by its user before level n+1. */
export const approvalSetting = defineEntity({
  name: 'ApprovalSetting',
  label: { zh: '审批设置', en: 'Approval settings' },
  kind: 'master',
  table: 'approval_setting',
  menu: 'setting.approval',
  fields: {
    Menu_ID: ref({ zh: '菜单', en: 'Menu' }, 'ModuleMenu', 'Menu_Name', { required: true, unique: true }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, multiline: true }),
  },
  lines: {
    Levels: {
      label: { zh: '审批级别', en: 'Approval levels' },
      maxRows: 9,
      fields: {
        Level_No: int({ zh: '级别', en: 'Level' }, { required: true, min: 1, max: 9 }),
        // only who holds the menu's approve grant (the settings' hooks refuse anyone else)
        Approver_ID: ref({ zh: '审批人', en: 'Approver' }, 'Users', 'User_Name', {
          required: true,
          lookupBy: { path: '/ApprovalSetting/Approvers', params: { Menu_ID: 'Menu_ID' } },
        }),
      },
    },
  },
  display: 'Menu_ID',
});

/** Every approval action on a document, for its history on the form. */
export const approvalHistory = defineEntity({
  name: 'ApprovalHistory',
  label: { zh: '审批记录', en: 'Approval history' },
  kind: 'log',
  table: 'approval_history',
  api: false,
  fields: {
    Entity_Name: text({ zh: '对象', en: 'Object' }, { max: 60, required: true }),
    Record_ID: int({ zh: '记录ID', en: 'Record ID' }, { required: true }),
    Action: text({ zh: '操作', en: 'Action' }, { max: 20, required: true }),
    From_State: int({ zh: '原状态', en: 'From state' }, { required: true }),
    To_State: int({ zh: '新状态', en: 'To state' }, { required: true }),
    Level: int({ zh: '级别', en: 'Level' }),
    Operator_ID: ref({ zh: '操作人', en: 'Operator' }, 'Users', 'User_Name'),
    Next_User_ID: ref({ zh: '下一审批人', en: 'Next approver' }, 'Users', 'User_Name'),
    Rejected_Msg: text({ zh: '原因', en: 'Reason' }, { max: 500 }),
    Op_Time: datetime({ zh: '时间', en: 'Time' }, { required: true }),
  },
  display: 'Action',
});
