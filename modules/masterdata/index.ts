import { defineModule, type MenuPage } from '@mes/model';
import { material, materialClass } from './material.entity';
import { customer, supplier } from './partners.entity';

export { SUPPLIER_DOC_KINDS, SUPPLIER_TYPES } from './partners.entity';

import { employee, packageSetting, platePlan } from './people.entity';
import { accessory, bucket, emStorage, location, machineGroup, warehouse } from './storage.entity';
import { currency, unit } from './units.entity';

const page = (code: string, zh: string, en: string, path: string, entity?: string): MenuPage => ({
  code: `record.${code}`,
  label: { zh, en },
  path,
  entity,
});

/** Master data (the record menu of spec part 1 §2); the stock documents come with the inventory module. */
export const masterdataModule = defineModule({
  code: 'record',
  label: { zh: '基础档案', en: 'Master data' },
  icon: 'database',
  order: 2,
  entities: [
    unit,
    currency,
    materialClass,
    material,
    customer,
    supplier,
    warehouse,
    location,
    bucket,
    machineGroup,
    accessory,
    emStorage,
    employee,
    packageSetting,
    platePlan,
  ],
  menu: [
    {
      code: 'record.org',
      label: { zh: '组织人员', en: 'Organisation' },
      pages: [
        page(
          'department',
          '部门档案',
          'Departments',
          '/record/agencyPersonnel/departmentRecord',
          'Department',
        ),
        page('staff', '员工档案', 'Staff', '/record/agencyPersonnel/staffRecord', employee.name),
      ],
    },
    {
      code: 'record.material',
      label: { zh: '物料', en: 'Materials' },
      pages: [
        page(
          'materialClassify',
          '物料分类',
          'Material classes',
          '/record/material/materialClassify',
          materialClass.name,
        ),
        page('materialRecord', '物料档案', 'Materials', '/record/material/materialRecord', material.name),
        page('package', '包装设置', 'Packaging', '/record/material/packageSetting', packageSetting.name),
        page('platePlan', '排版计划', 'Plate plans', '/record/material/platePlan', platePlan.name),
      ],
    },
    {
      code: 'record.equipment',
      label: { zh: '设备与仓储', en: 'Equipment and storage' },
      pages: [
        page('warehouse', '仓库', 'Warehouses', '/record/storage/warehouse', warehouse.name),
        page('location', '库位', 'Locations', '/record/storage/location', location.name),
        page('bucket', '料桶', 'Buckets (containers)', '/record/storage/bucket', bucket.name),
        page('machineGroup', '机台组', 'Machine groups', '/record/equipment/machineGroup', machineGroup.name),
        page('accessories', '配件', 'Accessories', '/record/equipment/accessories', accessory.name),
        page('emStorage', '设备仓库', 'EM storage', '/record/storage/emStorage', emStorage.name),
      ],
    },
    {
      code: 'record.partner',
      label: { zh: '客户与供应商', en: 'Customers and suppliers' },
      pages: [
        page('customer', '客户档案', 'Customers', '/record/partner/customer', customer.name),
        page('supplier', '供应商档案', 'Suppliers', '/record/partner/supplier', supplier.name),
        page('unit', '计量单位', 'Units', '/record/base/unit', unit.name),
        page('currency', '币种', 'Currencies', '/record/base/currency', currency.name),
      ],
    },
  ],
});

export {
  accessory,
  bucket,
  currency,
  customer,
  employee,
  emStorage,
  location,
  machineGroup,
  material,
  materialClass,
  packageSetting,
  platePlan,
  supplier,
  unit,
  warehouse,
};
