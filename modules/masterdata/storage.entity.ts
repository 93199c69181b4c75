import { bool, decimal, defineEntity, enumOf, int, options, ref, text } from '@mes/model';

export const warehouse = defineEntity({
  name: 'Warehouse',
  label: { zh: '仓库', en: 'Warehouses' },
  kind: 'master',
  key: 'Warehouse_ID',
  menu: 'record.warehouse',
  fields: {
    Warehouse_Code: text({ zh: '仓库编码', en: 'Warehouse code' }, { max: 30, required: true, unique: true }),
    Warehouse_Name: text({ zh: '仓库名称', en: 'Warehouse name' }, { max: 60, required: true }),
    Factory_ID: ref({ zh: '工厂', en: 'Factory' }, 'Factory', 'Factory_Name'),
    Keeper_ID: ref({ zh: '仓管员', en: 'Keeper' }, 'Users', 'User_Name'),
    Address: text({ zh: '地址', en: 'Address' }, { max: 200 }),
    Disabled: bool({ zh: '停用', en: 'Disabled' }),
  },
  display: 'Warehouse_Name',
  naming: { onReferences: true },
  list: { defaultSort: 'Warehouse_Code' },
});

export const location = defineEntity({
  name: 'Location',
  label: { zh: '库位', en: 'Locations' },
  kind: 'master',
  key: 'Location_ID',
  menu: 'record.location',
  fields: {
    Location_Code: text({ zh: '库位编码', en: 'Location code' }, { max: 30, required: true, unique: true }),
    Location_Name: text({ zh: '库位名称', en: 'Location name' }, { max: 60, required: true }),
    Warehouse_ID: ref({ zh: '仓库', en: 'Warehouse' }, 'Warehouse', 'Warehouse_Name', { required: true }),
    Parent_ID: ref({ zh: '上级库位', en: 'Parent location' }, 'Location', 'Location_Name', {
      displayAs: 'Parent_Location_Name',
    }),
    Disabled: bool({ zh: '停用', en: 'Disabled' }),
  },
  display: 'Location_Name',
  // bins are named alike in every warehouse: a reference reads "原料仓 / A-01 货架A01"
  naming: { onReferences: true, within: 'Warehouse_ID' },
  // a warehouse may hold thousands of bins, which clerks pick by code: searched, not a whole tree
  tree: { parent: 'Parent_ID', picker: 'search' },
  list: { defaultSort: 'Location_Code' },
});

export const BUCKET_STATUS = options(
  [1, '空闲', 'Free'],
  [2, '使用中', 'In use'],
  [3, '清洗中', 'Cleaning'],
  [4, '报废', 'Scrapped'],
);

export const bucket = defineEntity({
  name: 'Bucket',
  label: { zh: '料桶', en: 'Buckets (containers)' },
  kind: 'master',
  key: 'Bucket_ID',
  menu: 'record.bucket',
  fields: {
    Bucket_Code: text({ zh: '料桶编码', en: 'Bucket code' }, { max: 30, required: true, unique: true }),
    Bucket_Name: text({ zh: '料桶名称', en: 'Bucket name' }, { max: 60, required: true }),
    Capacity: decimal({ zh: '容量', en: 'Capacity' }, { min: '0' }),
    Unit_ID: ref({ zh: '单位', en: 'Unit' }, 'Unit', 'Unit_Name'),
    Location_ID: ref({ zh: '库位', en: 'Location' }, 'Location', 'Location_Name'),
    Bucket_Status: enumOf({ zh: '状态', en: 'Status' }, BUCKET_STATUS, { required: true, default: 1 }),
  },
  display: 'Bucket_Name',
  list: { defaultSort: 'Bucket_Code' },
});

export const machineGroup = defineEntity({
  name: 'MachineGroup',
  label: { zh: '机台组', en: 'Machine groups' },
  kind: 'master',
  table: 'machine_group',
  key: 'Group_ID',
  menu: 'record.machineGroup',
  fields: {
    Group_Code: text({ zh: '机台组编码', en: 'Group code' }, { max: 30, required: true, unique: true }),
    Group_Name: text({ zh: '机台组名称', en: 'Group name' }, { max: 60, required: true }),
    Factory_ID: ref({ zh: '工厂', en: 'Factory' }, 'Factory', 'Factory_Name'),
    Machine_Count: int({ zh: '机台数', en: 'Machines' }, { min: 0, max: 10000 }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 200 }),
  },
  display: 'Group_Name',
  list: { defaultSort: 'Group_Code' },
});

export const accessory = defineEntity({
  name: 'Accessory',
  label: { zh: '配件', en: 'Accessories' },
  kind: 'master',
  key: 'Accessory_ID',
  menu: 'record.accessories',
  fields: {
    Accessory_Code: text({ zh: '配件编码', en: 'Accessory code' }, { max: 30, required: true, unique: true }),
    Accessory_Name: text({ zh: '配件名称', en: 'Accessory name' }, { max: 60, required: true }),
    Accessory_Model: text({ zh: '规格型号', en: 'Model' }, { max: 60 }),
    Unit_ID: ref({ zh: '单位', en: 'Unit' }, 'Unit', 'Unit_Name'),
    Safety_Stock: decimal({ zh: '安全库存', en: 'Safety stock' }, { min: '0' }),
  },
  display: 'Accessory_Name',
  list: { defaultSort: 'Accessory_Code' },
  features: { attachments: true },
});

export const EM_STORAGE_TYPES = options(
  [1, '备件库', 'Spare parts'],
  [2, '模具库', 'Moulds'],
  [3, '工装库', 'Tooling'],
  [4, '闲置设备库', 'Idle equipment'],
);

/**
 * The equipment department's stores (spare parts, moulds, tooling, idle machines). Quantities are
 * not kept here: a store names the stock warehouse whose ledger holds them, so spare parts move
 * through the same stock documents as every other material.
 */
export const emStorage = defineEntity({
  name: 'EmStorage',
  label: { zh: '设备仓库', en: 'EM storage' },
  kind: 'master',
  table: 'em_storage',
  key: 'Storage_ID',
  menu: 'record.emStorage',
  fields: {
    Storage_Code: text({ zh: '设备仓库编码', en: 'Storage code' }, { max: 30, required: true, unique: true }),
    Storage_Name: text({ zh: '设备仓库名称', en: 'Storage name' }, { max: 60, required: true }),
    Storage_Type: enumOf({ zh: '类型', en: 'Type' }, EM_STORAGE_TYPES, { required: true, default: 1 }),
    Warehouse_ID: ref({ zh: '库存仓库', en: 'Stock warehouse' }, 'Warehouse', 'Warehouse_Name'),
    Factory_ID: ref({ zh: '工厂', en: 'Factory' }, 'Factory', 'Factory_Name'),
    Keeper_ID: ref({ zh: '管理员', en: 'Keeper' }, 'Users', 'User_Name'),
    Address: text({ zh: '地址', en: 'Address' }, { max: 200 }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 200 }),
    Disabled: bool({ zh: '停用', en: 'Disabled' }),
  },
  display: 'Storage_Name',
  list: { defaultSort: 'Storage_Code' },
});
