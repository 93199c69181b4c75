import { defineModule, type MenuPage } from '@mes/model';
import { patrolRecord, portalItem, portalPlan, portalRecord } from './check.entity';
import { accessoriesBill, machine, machineStatusRecord } from './machine.entity';
import { machineConserve, maintainRecord, maintainRule } from './maintain.entity';
import { faultType, machineRepair, repairExperience, repairRequest } from './repair.entity';

const page = (code: string, path: string, def: { name: string; label: MenuPage['label'] }): MenuPage => ({
  code,
  label: def.label,
  path,
  entity: def.name,
});

/** The page that gathers one machine's maintenance, repairs, checks and status changes. */
export const HISTORY_MENU = 'EM.repairMaintenance';

/** Equipment (EM menu of spec part 1 §2): register, preventive maintenance, checks, repairs. */
export const equipmentModule = defineModule({
  code: 'EM',
  label: { zh: '设备管理', en: 'Equipment' },
  icon: 'tool',
  order: 7,
  entities: [
    machine,
    machineStatusRecord,
    accessoriesBill,
    faultType,
    repairRequest,
    machineRepair,
    repairExperience,
    maintainRule,
    machineConserve,
    maintainRecord,
    portalItem,
    portalPlan,
    portalRecord,
    patrolRecord,
  ],
  menu: [
    {
      code: 'EM.machines',
      label: { zh: '设备', en: 'Machines' },
      pages: [
        page('EM.machine', '/EM/machine', machine),
        page('EM.accessoriesBill', '/EM/accessoriesBill', accessoriesBill),
        page('EM.machineStatus', '/EM/machineStatusRecord', machineStatusRecord),
      ],
    },
    {
      code: 'EM.maintain',
      label: { zh: '保养与点检', en: 'Maintenance and checks' },
      pages: [
        page('EM.maintainRule', '/EM/maintainRule', maintainRule),
        page('EM.machineConserve', '/EM/machineConserve', machineConserve),
        page('EM.maintainRecord', '/EM/maintainRecord', maintainRecord),
        page('EM.portalItem', '/EM/portalItem', portalItem),
        page('EM.portalPlan', '/EM/portalPlan', portalPlan),
        page('EM.portalRecord', '/EM/portalRecord', portalRecord),
        page('EM.patrolRecord', '/EM/patrolRecord', patrolRecord),
      ],
    },
    {
      code: 'EM.repair',
      label: { zh: '维修', en: 'Repairs' },
      pages: [
        page('EM.faultType', '/EM/faultTypeRecord', faultType),
        page('EM.repairRequest', '/EM/repairRequest', repairRequest),
        page('EM.machineRepair', '/EM/machineRepair', machineRepair),
        {
          code: HISTORY_MENU,
          label: { zh: '维修保养记录', en: 'Repair and maintenance records' },
          path: '/EM/repairMaintenanceRecord',
        },
        page('EM.repairExperience', '/EM/repairExperience', repairExperience),
      ],
    },
  ],
});
