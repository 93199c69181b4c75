import { decimal, defineEntity, enumOf, int, options, text } from '@mes/model';

export const BARCODE_KINDS = options([1, 'Code 128 条码', 'Code 128 barcode'], [2, '二维码', 'QR code']);
export const LABEL_OBJECTS = options(
  [1, '物料', 'Material'],
  [2, '批次', 'Batch'],
  [3, '库位', 'Location'],
  [4, '其他', 'Other'],
);

/** A label layout (Setting > barcode template): size, code kind, and the text lines printed beside the code. */
export const barcodeTemplate = defineEntity({
  name: 'BarcodeTemplate',
  label: { zh: '条码模板', en: 'Barcode templates' },
  kind: 'master',
  table: 'barcode_template',
  menu: 'setting.barcode',
  fields: {
    Template_Name: text({ zh: '模板名称', en: 'Template name' }, { max: 60, required: true, unique: true }),
    Object_Type: enumOf({ zh: '适用对象', en: 'Used for' }, LABEL_OBJECTS, { required: true, default: 1 }),
    Barcode_Kind: enumOf({ zh: '码制', en: 'Code kind' }, BARCODE_KINDS, { required: true, default: 1 }),
    Width_MM: decimal(
      { zh: '宽度(mm)', en: 'Width (mm)' },
      { precision: 6, scale: 1, required: true, min: '20' },
    ),
    Height_MM: decimal(
      { zh: '高度(mm)', en: 'Height (mm)' },
      { precision: 6, scale: 1, required: true, min: '10' },
    ),
    Font_Size: int({ zh: '字号', en: 'Font size' }, { min: 5, max: 30 }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 200 }),
  },
  lines: {
    Lines: {
      label: { zh: '文字行', en: 'Text lines' },
      maxRows: 6,
      fields: {
        Caption: text({ zh: '标题', en: 'Caption' }, { max: 30, required: true }),
        Value_Key: text({ zh: '取值字段', en: 'Value key' }, { max: 40, required: true }),
      },
    },
  },
  display: 'Template_Name',
});
