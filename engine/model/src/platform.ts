import { defineEntity } from './entity';
import { bool, int, ref, text } from './fields';

/** Tags (spec part 1 §3): an empty DtlList makes a tag global, otherwise it belongs to those menus. */
export const tagInfo = defineEntity({
  name: 'TagInfo',
  label: { zh: '标签', en: 'Tags' },
  kind: 'master',
  table: 'tag_info',
  menu: 'setting.tag',
  fields: {
    Tag_Name: text({ zh: '标签名称', en: 'Tag name' }, { max: 30, required: true }),
    Tag_Color: text({ zh: '颜色', en: 'Colour' }, { max: 20 }),
  },
  lines: {
    DtlList: {
      label: { zh: '适用菜单', en: 'Menus' },
      maxRows: 500,
      fields: { Menu_ID: ref({ zh: '菜单', en: 'Menu' }, 'ModuleMenu', 'Menu_Name', { required: true }) },
    },
  },
  display: 'Tag_Name',
});

/** A user's column settings of one table on one page (spec part 1 §3 "Table column setting"). */
export const userColumnInfo = defineEntity({
  name: 'UserColumnInfo',
  label: { zh: '表格列设置', en: 'Column settings' },
  kind: 'log',
  table: 'user_column_info',
  api: false,
  fields: {
    User_ID: ref({ zh: '用户', en: 'User' }, 'Users', 'User_Name', { required: true }),
    Menu_ID: ref({ zh: '菜单', en: 'Menu' }, 'ModuleMenu', 'Menu_Name', { required: true }),
    Table_ID: text({ zh: '表格', en: 'Table' }, { max: 60, required: true }),
    Column_Name: text({ zh: '列名', en: 'Column' }, { max: 60, required: true }),
    Describe: text({ zh: '列标题', en: 'Title' }, { max: 60 }),
    Is_Visible: bool({ zh: '显示', en: 'Visible' }),
    Is_Fixed: bool({ zh: '固定', en: 'Fixed' }),
    Allow_Hide: bool({ zh: '允许隐藏', en: 'May hide' }),
    Ser_NO: int({ zh: '顺序', en: 'Order' }, { required: true, min: 0, max: 9999 }),
    Width: int({ zh: '宽度', en: 'Width' }, { min: 20, max: 2000 }),
    Text_Position: text({ zh: '对齐', en: 'Alignment' }, { max: 10 }),
  },
  display: 'Column_Name',
});

/** Custom (extended) fields of a page's table or form, stored in Extension_Field1..6. */
export const menuExtend = defineEntity({
  name: 'MenuExtend',
  label: { zh: '自定义字段', en: 'Custom fields' },
  kind: 'log',
  table: 'menu_extend',
  api: false,
  fields: {
    Menu_ID: ref({ zh: '菜单', en: 'Menu' }, 'ModuleMenu', 'Menu_Name', { required: true }),
    Table_Name: text({ zh: '数据对象', en: 'Object' }, { max: 60, required: true }),
    Table_ID: text({ zh: '表格', en: 'Table' }, { max: 60 }),
    Column_Name: text({ zh: '字段', en: 'Field' }, { max: 20, required: true }),
    Describe: text({ zh: '字段名称', en: 'Field name' }, { max: 60, required: true }),
    Data_Type: text({ zh: '值类型', en: 'Value type' }, { max: 10, required: true }),
    Is_Column: bool({ zh: '表格列', en: 'Table column' }),
    Extend_Type: int({ zh: '来源', en: 'Source' }, { min: 1, max: 2 }),
    Width: int({ zh: '宽度', en: 'Width' }, { min: 1, max: 4 }),
    Mandatory: bool({ zh: '必填', en: 'Mandatory' }),
    Bind_Text: text({ zh: '绑定文本', en: 'Bind text' }, { max: 60 }),
    Bind_Url: text({ zh: '绑定地址', en: 'Bind URL' }, { max: 200 }),
    Bind_Value: text({ zh: '绑定值', en: 'Bind value' }, { max: 60 }),
    Sort: text({ zh: '位置', en: 'Position' }, { max: 20 }),
  },
  lines: {
    enumOptionList: {
      label: { zh: '枚举选项', en: 'Options' },
      maxRows: 200,
      fields: { Enum_Name: text({ zh: '选项', en: 'Option' }, { max: 60, required: true }) },
    },
  },
  display: 'Describe',
});

/** A file attached to a record (spec part 2 §3): stored under a server-made name, never a client path. */
export const attachment = defineEntity({
  name: 'Attachment',
  label: { zh: '附件', en: 'Attachments' },
  kind: 'log',
  table: 'attachment',
  api: false,
  fields: {
    File_Code: text({ zh: '文件编码', en: 'File code' }, { max: 40, required: true, unique: true }),
    File_Name: text({ zh: '文件名', en: 'File name' }, { max: 120, required: true }),
    File_Path: text({ zh: '文件路径', en: 'File path' }, { max: 80, required: true }),
    Attachment_Type: int({ zh: '类型', en: 'Type' }, { required: true, min: 1, max: 2 }),
    Attachment_Label: text({ zh: '附件分类', en: 'Label' }, { max: 60 }),
    BZ_Code: text({ zh: '业务单号', en: 'Record' }, { max: 60, required: true }),
    BZ_Table: text({ zh: '业务对象', en: 'Object' }, { max: 60, required: true }),
    Creater_Name: text({ zh: '上传人', en: 'Uploaded by' }, { max: 60 }),
    File_Size: int({ zh: '大小', en: 'Size' }, { required: true }),
    Mime: text({ zh: '内容类型', en: 'Content type' }, { max: 100 }),
    Sha256: text({ zh: '校验值', en: 'Checksum' }, { max: 64 }),
  },
  display: 'File_Name',
});

/**
 * How one document type prints (issue 25): set by an administrator under 系统设置 > 打印格式 and used
 * by the next print. Empty fields keep the declaration's defaults.
 */
export const printLayout = defineEntity({
  name: 'PrintLayout',
  label: { zh: '打印格式', en: 'Print layouts' },
  kind: 'master',
  table: 'print_layout',
  menu: 'setting.printLayout',
  fields: {
    Entity_Name: text(
      { zh: '单据类型', en: 'Document type' },
      { max: 60, required: true, unique: true, entityOf: 'print' },
    ),
    Print_Title: text({ zh: '打印标题', en: 'Title' }, { max: 100 }),
    Hidden_Columns: text(
      { zh: '隐藏的列', en: 'Hidden columns' },
      {
        max: 1000,
        help: {
          zh: '不打印的字段或明细列，填写列名或字段名，以逗号分隔',
          en: 'Fields or line columns not printed: their titles or field names, separated by commas',
        },
      },
    ),
    Footer_Text: text({ zh: '页脚文字', en: 'Footer' }, { max: 500, multiline: true }),
    Signature_Labels: text(
      { zh: '签字栏', en: 'Signature lines' },
      {
        max: 200,
        help: {
          zh: '以逗号分隔，如：制单,审核,签收；留空用默认',
          en: 'Separated by commas, e.g. Prepared by,Approved by,Received by; empty for the default',
        },
      },
    ),
    Hide_Totals: bool({ zh: '不打印合计', en: 'Hide totals' }),
  },
  display: 'Entity_Name',
});

/** A user's saved filters of one list (issue 25): only the user who saved them sees them. */
export const userListView = defineEntity({
  name: 'UserListView',
  label: { zh: '保存的筛选', en: 'Saved filters' },
  kind: 'log',
  table: 'user_list_view',
  api: false,
  fields: {
    User_ID: ref({ zh: '用户', en: 'User' }, 'Users', 'User_Name', { required: true }),
    List_Name: text({ zh: '列表', en: 'List' }, { max: 60, required: true }),
    View_Name: text({ zh: '名称', en: 'Name' }, { max: 60, required: true }),
    Filters: text({ zh: '筛选条件', en: 'Filters' }, { max: 4000, required: true }),
  },
  display: 'View_Name',
});
