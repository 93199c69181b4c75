import { options } from '@mes/model';

/** The gates P0…P8 (DESIGN.md §10), stored as 0…8. */
export const GATES = options(
  [0, 'P0 报价与定点', 'P0 Quotation and award'],
  [1, 'P1 项目启动与策划', 'P1 Kick-off and planning'],
  [2, 'P2 产品设计', 'P2 Product design'],
  [3, 'P3 设计冻结与模具启动', 'P3 Design freeze and tooling kick-off'],
  [4, 'P4 过程设计', 'P4 Process design'],
  [5, 'P5 工装样件', 'P5 Off-tool parts'],
  [6, 'P6 产品与过程确认 (PPAP/PSW)', 'P6 Product and process validation (PPAP/PSW)'],
  [7, 'P7 量产启动与爬坡 (SOP)', 'P7 Launch and ramp-up (SOP)'],
  [8, 'P8 项目关闭与移交', 'P8 Closure and hand-over'],
);

/** APQP project phases 1–6 (DESIGN.md §10); each gate belongs to one (logic/gates.ts). */
export const PHASES = options(
  [1, '计划和确定项目', 'Plan and define'],
  [2, '产品设计和开发', 'Product design and development'],
  [3, '过程设计和开发', 'Process design and development'],
  [4, '产品和过程确认', 'Product and process validation'],
  [5, '量产启动', 'Launch'],
  [6, '反馈与关闭', 'Feedback and closure'],
);

/** Roles of a project team; a deliverable of the gate template names the role that owns it. */
export const TEAM_ROLES = options(
  [1, '项目经理', 'Program manager'],
  [2, '产品工程师', 'Product engineer'],
  [3, '工艺工程师', 'Process engineer'],
  [4, '质量工程师', 'Quality engineer'],
  [5, '模具工程师', 'Tooling engineer'],
  [6, '采购', 'Buyer'],
  [7, '物流', 'Logistics'],
  [8, '销售', 'Account manager'],
  [9, '财务', 'Finance'],
);

/** Project status (spec part 1 §4): the document State, and how a closed project was closed. */
export const PROJECT_STATUS = options(
  [1, '草稿', 'Draft'],
  [2, '审批中', 'In approval'],
  [3, '已审批', 'Approved'],
  [4, '异常关闭', 'Abnormal closure'],
  [9, '正常关闭', 'Normal closure'],
);
export const CLOSURE_TYPES = PROJECT_STATUS.filter((o) => o.value === 4 || o.value === 9);

/** Project log types 1–10. */
export const LOG_TYPES = options(
  [1, '创建项目', 'Project created'],
  [2, '修改项目', 'Project changed'],
  [3, '提交审批', 'Submitted'],
  [4, '审批通过', 'Approved'],
  [5, '驳回', 'Rejected'],
  [6, '阀点通过', 'Gate passed'],
  [7, '任务变更', 'Task changed'],
  [8, '团队变更', 'Team changed'],
  [9, '项目关闭', 'Project closed'],
  [10, '其他', 'Other'],
);

/** Red / yellow / green. */
export const RYG = options([1, '绿', 'Green'], [2, '黄', 'Yellow'], [3, '红', 'Red']);
export const RYG_VALUE = { GREEN: 1, YELLOW: 2, RED: 3 } as const;

export const DELIVERABLE_STATUS = options(
  [1, '未开始', 'Not started'],
  [2, '进行中', 'In progress'],
  [3, '已完成', 'Done'],
);

/** Task types 0–7. */
export const TASK_TYPES = options(
  [0, '一般任务', 'General'],
  [1, '里程碑', 'Milestone'],
  [2, '设计', 'Design'],
  [3, '模具', 'Tooling'],
  [4, '样件', 'Samples'],
  [5, '试验验证', 'Validation'],
  [6, 'PPAP', 'PPAP'],
  [7, '量产准备', 'Launch preparation'],
);

/** Task status 1–5 (spec part 1 §4). */
export const TASK_STATUS = options(
  [1, '未开始', 'Not started'],
  [2, '进行中', 'In progress'],
  [3, '已完成', 'Done'],
  [4, '已关闭', 'Closed'],
  [5, '已结案', 'Case closed'],
);
export const TASK_STATUS_VALUE = {
  NOT_STARTED: 1,
  IN_PROGRESS: 2,
  DONE: 3,
  CLOSED: 4,
  CASE_CLOSED: 5,
} as const;

/** Task completion: only these steps (spec part 1 §4). */
export const COMPLETION = options(
  [20, '20%', '20%'],
  [40, '40%', '40%'],
  [60, '60%', '60%'],
  [80, '80%', '80%'],
  [100, '100%', '100%'],
);

/** Meeting status (spec part 1 §4). */
export const MEETING_STATUS = options(
  [1, '已发起', 'Initiated'],
  [2, '已开会', 'Meeting done'],
  [3, '已记录纪要', 'Minutes recorded'],
  [9, '已关闭', 'Closed'],
);
export const MEETING_TYPES = options(
  [1, '启动会', 'Kick-off'],
  [2, '项目例会', 'Program review'],
  [3, '阀点评审', 'Gate review'],
  [4, '设计评审', 'Design review'],
  [5, '客户会议', 'Customer meeting'],
  [6, '其他', 'Other'],
);
export const MINUTE_KINDS = options(
  [1, '信息', 'Information'],
  [2, '决定', 'Decision'],
  [3, '行动', 'Action'],
);

/** Question states of an action (DESIGN.md §10); closing and verifying come after 3. */
export const QUESTION_STATUS = options(
  [1, '未分配', 'Unassigned'],
  [2, '解决中', 'Being solved'],
  [3, '已完成', 'Done'],
);
export const PRIORITIES = options([1, '高', 'High'], [2, '中', 'Medium'], [3, '低', 'Low']);
export const ISSUE_TYPES = options(
  [1, '设计', 'Design'],
  [2, '质量', 'Quality'],
  [3, '工艺', 'Process'],
  [4, '模具', 'Tooling'],
  [5, '供应商', 'Supplier'],
  [6, '客户', 'Customer'],
  [7, '其他', 'Other'],
);
export const ISSUE_SOURCES = options(
  [1, '会议', 'Meeting'],
  [2, '阀点评审', 'Gate review'],
  [3, '客户反馈', 'Customer'],
  [4, '内部发现', 'Internal'],
  [5, '供应商', 'Supplier'],
);
