import { bool, date, decimal, defineEntity, enumOf, int, options, ref, text } from '@mes/model';

export const BOM_TYPES = options(
  [1, '生产BOM', 'Production BOM'],
  [2, '设计BOM', 'Design BOM'],
  [3, '项目BOM', 'Project BOM'],
);
export const LOCK_TYPES = options([1, '锁定', 'Lock'], [2, '解锁', 'Unlock']);

/**
 * A BOM: one version of the structure of a product. Its nodes are `BomNode` rows (a tree). A new
 * version copies the previous one; one version per product is the default; a locked BOM is read-only.
 */
export const bom = defineEntity({
  name: 'Bom',
  label: { zh: '物料清单 (BOM)', en: 'Bill of materials (BOM)' },
  kind: 'master',
  table: 'bom',
  key: 'Bom_ID',
  menu: 'PD.bom',
  fields: {
    List_NO: text({ zh: 'BOM编号', en: 'BOM no.' }, { max: 30, unique: true, readOnly: true }),
    Material_ID: ref({ zh: '产品', en: 'Product' }, 'Material', 'Material_Name', { required: true }),
    BOM_Version: int({ zh: '版本', en: 'Version' }, { min: 1, readOnly: true }),
    BOM_Type: enumOf({ zh: 'BOM类型', en: 'BOM type' }, BOM_TYPES, { required: true, default: 1 }),
    Is_Default: bool({ zh: '默认版本', en: 'Default version' }, { readOnly: true }),
    Status: enumOf(
      { zh: '状态', en: 'Status' },
      options([0, '未锁定', 'Unlocked'], [1, '已锁定', 'Locked']),
      {
        readOnly: true,
        default: 0,
      },
    ),
    Lock_Notes: text({ zh: '锁定说明', en: 'Lock notes' }, { max: 500, readOnly: true, hiddenInList: true }),
    Lock_Date: date({ zh: '锁定日期', en: 'Lock date' }, { readOnly: true }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500, multiline: true, hiddenInList: true }),
  },
  display: 'List_NO',
  // a BOM is looked for by its product as often as by its number
  list: { search: ['List_NO', 'Material_ID', 'Remark'], defaultSort: '-Bom_ID' },
  features: {
    tags: true,
    attachments: true,
    print: true,
    numbering: { field: 'List_NO', prefix: 'BOM', period: 'none', digits: 6 },
  },
});

/** One node of a BOM tree (the BOM line of spec part 1 §3). */
export const bomNode = defineEntity({
  name: 'BomNode',
  label: { zh: 'BOM明细', en: 'BOM line' },
  kind: 'master',
  table: 'bom_node',
  key: 'ID',
  menu: 'PD.bom',
  fields: {
    Bom_ID: ref({ zh: 'BOM', en: 'BOM' }, 'Bom', 'List_NO', { required: true, displayAs: 'List_NO' }),
    Parent_ID: ref({ zh: '上级节点', en: 'Parent node' }, 'BomNode', 'Node_Index', {
      displayAs: 'Parent_Node_Index',
    }),
    Ser_NO: int({ zh: '序号', en: 'Seq.' }, { min: 0, max: 99999 }),
    Node_Index: text({ zh: '层级码', en: 'Node index' }, { max: 200, readOnly: true }),
    Material_ID: ref({ zh: '物料', en: 'Material' }, 'Material', 'Material_Name', { required: true }),
    Qty: decimal({ zh: '用量', en: 'Qty' }, { precision: 18, scale: 6, min: '0', required: true }),
    Scrap_Rate: decimal({ zh: '损耗率(%)', en: 'Scrap (%)' }, { precision: 9, scale: 4, min: '0' }),
    Unit_ID: ref({ zh: '单位', en: 'Unit' }, 'Unit', 'Unit_Name'),
    Price: decimal({ zh: '单价', en: 'Price' }, { precision: 18, scale: 4, min: '0' }),
    Amount: decimal(
      { zh: '金额', en: 'Amount' },
      { precision: 18, scale: 4, readOnly: true, compute: { product: ['Qty', 'Price'] } },
    ),
    Design_Remark: text({ zh: '设计备注', en: 'Design remarks' }, { max: 500 }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 500 }),
    Is_Qutsourcing: bool({ zh: '委外', en: 'Outsourced' }),
  },
  display: 'Node_Index',
  tree: { parent: 'Parent_ID' },
  list: { defaultSort: 'Ser_NO', search: ['Node_Index', 'Design_Remark', 'Remark'] },
});

/** A request to lock or unlock a BOM; approval applies it (/PM/list/ProjectBomLock). */
export const bomLock = defineEntity({
  name: 'BomLock',
  label: { zh: 'BOM 锁定', en: 'BOM lock' },
  kind: 'document',
  table: 'bom_lock',
  key: 'Lock_ID',
  menu: 'PM.bomLock',
  fields: {
    List_NO: text({ zh: '单号', en: 'Document no.' }, { max: 30, unique: true, readOnly: true }),
    Bom_ID: ref({ zh: 'BOM', en: 'BOM' }, 'Bom', 'List_NO', { required: true, displayAs: 'Bom_List_NO' }),
    Lock_Type: enumOf({ zh: '操作', en: 'Action' }, LOCK_TYPES, { required: true, default: 1 }),
    Lock_Notes: text({ zh: '锁定说明', en: 'Lock notes' }, { max: 500, required: true, multiline: true }),
  },
  display: 'List_NO',
  features: {
    approval: true,
    print: true,
    numbering: { field: 'List_NO', prefix: 'BL', period: 'month', digits: 4 },
  },
});
