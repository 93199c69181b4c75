import { decimal, defineEntity, enumOf, int, options, ref, text } from '@mes/model';

export const EMP_STATUS = options([1, '在职', 'Employed'], [2, '试用', 'Probation'], [3, '离职', 'Left']);

export const employee = defineEntity({
  name: 'Employee',
  label: { zh: '员工档案', en: 'Staff' },
  kind: 'master',
  key: 'Employee_ID',
  menu: 'record.staff',
  fields: {
    Employee_Code: text({ zh: '工号', en: 'Staff no.' }, { max: 30, required: true, unique: true }),
    Employee_Name: text({ zh: '姓名', en: 'Name' }, { max: 40, required: true }),
    EMail: text({ zh: '邮箱', en: 'Email' }, { max: 100, format: 'email' }),
    Tel_Phone: text({ zh: '电话', en: 'Phone' }, { max: 30 }),
    Dept_ID: ref({ zh: '部门', en: 'Department' }, 'Department', 'Dept_Name'),
    Job_ID: ref({ zh: '岗位', en: 'Job' }, 'Job', 'Job_Name'),
    User_ID: ref({ zh: '登录账号', en: 'User account' }, 'Users', 'User_Name', { unique: true }),
    Emp_Status: enumOf({ zh: '状态', en: 'Status' }, EMP_STATUS, { required: true, default: 1 }),
  },
  display: 'Employee_Name',
  list: { defaultSort: 'Employee_Code' },
  features: { tags: true, attachments: true, customFields: true },
});

export const packageSetting = defineEntity({
  name: 'PackageSetting',
  label: { zh: '包装设置', en: 'Packaging' },
  kind: 'master',
  table: 'package_setting',
  key: 'Package_ID',
  menu: 'record.package',
  fields: {
    Package_Code: text({ zh: '包装编码', en: 'Package code' }, { max: 30, required: true, unique: true }),
    Package_Name: text({ zh: '包装名称', en: 'Package name' }, { max: 60, required: true }),
    Material_ID: ref({ zh: '物料', en: 'Material' }, 'Material', 'Material_Name'),
    Qty_Per_Package: decimal({ zh: '每包数量', en: 'Qty per package' }, { min: '0' }),
    Unit_ID: ref({ zh: '单位', en: 'Unit' }, 'Unit', 'Unit_Name'),
  },
  display: 'Package_Name',
  list: { defaultSort: 'Package_Code' },
});

export const platePlan = defineEntity({
  name: 'PlatePlan',
  label: { zh: '排版计划', en: 'Plate plans' },
  kind: 'master',
  table: 'plate_plan',
  key: 'Plan_ID',
  menu: 'record.platePlan',
  fields: {
    Plan_Code: text({ zh: '排版编号', en: 'Plan no.' }, { max: 30, required: true, unique: true }),
    Material_ID: ref({ zh: '板材', en: 'Sheet material' }, 'Material', 'Material_Name', { required: true }),
    Plate_Length: decimal({ zh: '板长(mm)', en: 'Length (mm)' }, { min: '0' }),
    Plate_Width: decimal({ zh: '板宽(mm)', en: 'Width (mm)' }, { min: '0' }),
    Pieces_Per_Plate: int({ zh: '每板件数', en: 'Pieces per plate' }, { min: 1, max: 100000 }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 200 }),
  },
  display: 'Plan_Code',
  list: { defaultSort: 'Plan_Code' },
});
