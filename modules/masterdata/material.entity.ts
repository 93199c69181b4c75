import { bool, decimal, defineEntity, enumOf, options, ref, text } from '@mes/model';

export const MATERIAL_TYPES = options(
  [1, '原材料', 'Raw material'],
  [2, '半成品', 'Semi-finished'],
  [3, '成品', 'Finished good'],
  [4, '辅料', 'Auxiliary'],
  [5, '包材', 'Packaging'],
  [8, '备品备件', 'Spare part'],
  [9, '工装模具', 'Tooling'],
  [10, '虚拟件', 'Phantom'],
);
export const MATERIAL_ATTRIBUTES = options(
  [1, '采购', 'Purchased'],
  [2, '委外', 'Outsourced'],
  [3, '自制', 'Self-made'],
  [4, '客供', 'Customer supplied'],
);
export const VALUATION = options([1, '移动平均', 'Moving average'], [2, '先进先出', 'FIFO']);

export const materialClass = defineEntity({
  name: 'MaterialClass',
  label: { zh: '物料分类', en: 'Material classes' },
  kind: 'master',
  table: 'material_class',
  key: 'Class_ID',
  menu: 'record.materialClassify',
  fields: {
    Class_Code: text({ zh: '分类编码', en: 'Class code' }, { max: 30, required: true, unique: true }),
    Class_Name: text({ zh: '分类名称', en: 'Class name' }, { max: 60, required: true }),
    Parent_ID: ref({ zh: '上级分类', en: 'Parent class' }, 'MaterialClass', 'Class_Name', {
      displayAs: 'Parent_Class_Name',
    }),
  },
  display: 'Class_Name',
  tree: { parent: 'Parent_ID' },
  list: { defaultSort: 'Class_Code' },
});

export const material = defineEntity({
  name: 'Material',
  label: { zh: '物料档案', en: 'Materials' },
  kind: 'master',
  key: 'Material_ID',
  menu: 'record.materialRecord',
  fields: {
    Material_Number: text(
      { zh: '物料编码', en: 'Material number' },
      { max: 40, required: true, unique: true },
    ),
    Material_Name: text({ zh: '物料名称', en: 'Material name' }, { max: 100, required: true }),
    Material_Full_Name: text({ zh: '物料全称', en: 'Full name' }, { max: 200, hiddenInList: true }),
    Material_Type: enumOf({ zh: '物料类型', en: 'Material type' }, MATERIAL_TYPES, {
      required: true,
      default: 1,
    }),
    Material_Attribute: enumOf({ zh: '物料属性', en: 'Attribute' }, MATERIAL_ATTRIBUTES, {
      required: true,
      default: 1,
    }),
    Class_ID: ref({ zh: '物料分类', en: 'Class' }, 'MaterialClass', 'Class_Name'),
    Unit_ID: ref({ zh: '单位', en: 'Unit' }, 'Unit', 'Unit_Name'),
    Brand: text({ zh: '品牌', en: 'Brand' }, { max: 60 }),
    Material_Model: text({ zh: '规格型号', en: 'Model' }, { max: 100 }),
    Image_NO: text({ zh: '图号', en: 'Image no.' }, { max: 60, hiddenInList: true }),
    Drawing_NO: text({ zh: '图纸号', en: 'Drawing no.' }, { max: 60, hiddenInList: true }),
    Surface_Treatment: text({ zh: '表面处理', en: 'Surface treatment' }, { max: 60, hiddenInList: true }),
    Source: text({ zh: '来源', en: 'Source' }, { max: 60, hiddenInList: true }),
    Raw_Material: text({ zh: '原材料', en: 'Raw material' }, { max: 60, hiddenInList: true }),
    Is_Assembled: bool({ zh: '组装件', en: 'Assembled' }, { hiddenInList: true }),
    Is_Packing: bool({ zh: '包装物', en: 'Packing' }, { hiddenInList: true }),
    Is_QC: bool({ zh: '需检验', en: 'QC required' }, { hiddenInList: true }),
    Is_Tooling_QC: bool({ zh: '工装检验', en: 'Tooling QC' }, { hiddenInList: true }),
    Batch_Managed: bool({ zh: '批次管理', en: 'Batch managed' }),
    Valuation_Method: enumOf({ zh: '计价方式', en: 'Valuation' }, VALUATION, {
      required: true,
      default: 1,
      hiddenInList: true,
    }),
    Historical_Price: decimal(
      { zh: '历史价格', en: 'Historical price' },
      { precision: 18, scale: 4, min: '0', hiddenInList: true, total: false },
    ),
    Safety_Stock: decimal(
      { zh: '安全库存', en: 'Safety stock' },
      { precision: 18, scale: 4, min: '0', total: false },
    ),
    Disabled: bool({ zh: '停用', en: 'Disabled' }),
  },
  lines: {
    // the unit group: other units the material is bought or counted in, in base units each
    Units: {
      label: { zh: '辅助单位', en: 'Unit conversions' },
      maxRows: 20,
      fields: {
        Unit_ID: ref({ zh: '单位', en: 'Unit' }, 'Unit', 'Unit_Name', { required: true }),
        Factor: decimal(
          { zh: '换算率（基本单位）', en: 'Factor (base units)' },
          { precision: 18, scale: 6, required: true, min: '0' },
        ),
        Remark: text({ zh: '备注', en: 'Remarks' }, { max: 100 }),
      },
    },
  },
  display: 'Material_Name',
  // a factory's materials share names (冷轧钢板 in each thickness): every list naming one shows its number
  naming: { onReferences: true },
  // spec part 2 §9: the material remote search waits 200 ms after typing
  lookup: { path: '/Material/Search', delayMs: 200 },
  list: {
    search: [
      'Material_Number',
      'Material_Name',
      'Material_Full_Name',
      'Material_Model',
      'Brand',
      'Drawing_NO',
    ],
    defaultSort: 'Material_Number',
  },
  features: { tags: true, attachments: true, customFields: true, print: true },
});
