import { defineModule, numberingSeries, operationLog, printLayout, role, user } from '@mes/model';
import { barcodeTemplate } from './barcodeTemplate.entity';
import { company } from './company.entity';
import { dataDictionary } from './dataDictionary.entity';
import { department } from './department.entity';
import { factory } from './factory.entity';
import { job } from './job.entity';
import { systemParameter } from './systemParameter.entity';
import { workShift } from './workShift.entity';

const page = (code: string, zh: string, en: string, entity: string, icon?: string) => ({
  code: `setting.${code}`,
  label: { zh, en },
  path: `/setting/${code}`,
  entity,
  icon,
});

export const systemModule = defineModule({
  code: 'setting',
  label: { zh: '系统设置', en: 'Settings' },
  icon: 'setting',
  order: 1,
  entities: [company, factory, department, job, dataDictionary, systemParameter, workShift, barcodeTemplate],
  menu: [
    {
      code: 'setting.org',
      label: { zh: '组织架构', en: 'Organisation' },
      pages: [
        page('factory', '工厂', 'Factory', factory.name),
        page('department', '部门', 'Department', department.name),
        page('job', '岗位设置', 'Job Setting', job.name),
        page('shift', '班次', 'Shifts', workShift.name),
        page('user', '用户管理', 'Users', user.name),
        page('role', '角色权限', 'Roles and permissions', role.name),
      ],
    },
    {
      code: 'setting.system',
      label: { zh: '系统', en: 'System' },
      pages: [
        page('dictionary', '数据字典', 'Data dictionary', dataDictionary.name),
        page('parameter', '系统参数', 'System parameters', systemParameter.name),
        page('numbering', '单据编号规则', 'Numbering series', numberingSeries.name),
        {
          code: 'setting.barcode',
          label: { zh: '条码模板', en: 'Barcode templates' },
          path: '/setting/barcodeTemplate',
          entity: barcodeTemplate.name,
        },
        page('printLayout', '打印格式', 'Print layouts', printLayout.name),
        page('log', '系统日志', 'Operation log', operationLog.name),
      ],
    },
  ],
});

export { PARAM } from './systemParameter.entity';
export { company, dataDictionary, department, factory, job, systemParameter, workShift };
