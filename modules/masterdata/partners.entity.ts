import { bool, date, decimal, defineEntity, enumOf, levelOf, options, ref, text } from '@mes/model';

export const CUSTOMER_TYPES = options([1, '正式客户', 'Formal'], [2, '潜在客户', 'Potential']);

export const customer = defineEntity({
  name: 'Customer',
  label: { zh: '客户档案', en: 'Customers' },
  kind: 'master',
  key: 'Customer_ID',
  menu: 'record.customer',
  fields: {
    Customer_Code: text({ zh: '客户编码', en: 'Customer code' }, { max: 30, required: true, unique: true }),
    Full_Name: text({ zh: '客户全称', en: 'Full name' }, { max: 120, required: true }),
    Short_Name: text({ zh: '客户简称', en: 'Short name' }, { max: 40, required: true }),
    Customer_Type: enumOf({ zh: '客户类型', en: 'Customer type' }, CUSTOMER_TYPES, {
      required: true,
      default: 1,
    }),
    Customer_Classify: enumOf({ zh: '客户分类', en: 'Classification' }, CUSTOMER_TYPES, {
      default: 1,
      hiddenInList: true,
    }),
    Customer_Level: levelOf({ zh: '客户等级', en: 'Customer level' }),
    Salesman_ID: ref({ zh: '业务员', en: 'Salesman' }, 'Users', 'User_Name'),
    Currency_ID: ref({ zh: '币种', en: 'Currency' }, 'Currency', 'Currency_Name'),
    Tax_ID: text({ zh: '税号', en: 'Tax number' }, { max: 30, hiddenInList: true }),
    Receipt_ID: text({ zh: '收款条件', en: 'Payment terms' }, { max: 60, hiddenInList: true }),
    // optional: empty or 0 means no limit; sales orders are checked against it (modules/sales)
    Credit_Limit: decimal(
      { zh: '信用额度', en: 'Credit limit' },
      { precision: 18, scale: 2, min: '0', total: false, hiddenInList: true },
    ),
    Contact: text({ zh: '联系人', en: 'Contact' }, { max: 40 }),
    Tel_Phone: text({ zh: '电话', en: 'Phone' }, { max: 30 }),
    Address: text({ zh: '地址', en: 'Address' }, { max: 200 }),
    Disabled: bool({ zh: '停用', en: 'Disabled' }),
  },
  display: 'Short_Name',
  // a short name may repeat across groups: every reference reads "code name"
  naming: { onReferences: true },
  list: { defaultSort: 'Customer_Code' },
  features: { tags: true, attachments: true, customFields: true },
});

/** Supplier types of the supplier file (spec part 2 §3 SupplierType). */
export const SUPPLIER_TYPES = options(
  [1, '生产性物料', 'Production material'],
  [2, '非生产性物料', 'Non-production material'],
  [3, '模具工装', 'Tooling'],
  [4, '外协加工', 'Subcontracting'],
  [5, '服务', 'Services'],
);

/** The six documents kept in a supplier file, each with its own expiry date. */
export const SUPPLIER_DOC_KINDS = options(
  [1, '营业执照', 'Business licence'],
  [2, '合作协议', 'Agreement'],
  [3, '资质证书', 'Certificates'],
  [4, '廉洁承诺书', 'Clean commitment'],
  [5, '海关告知书', 'Customs notification'],
  [6, 'EHS 协议', 'EHS protocol'],
);

export const supplier = defineEntity({
  name: 'Supplier',
  label: { zh: '供应商档案', en: 'Suppliers' },
  kind: 'master',
  key: 'Supplier_ID',
  menu: 'record.supplier',
  fields: {
    Supplier_Code: text({ zh: '供应商编码', en: 'Supplier code' }, { max: 30, required: true, unique: true }),
    Full_Name: text({ zh: '供应商全称', en: 'Full name' }, { max: 120, required: true }),
    Short_Name: text({ zh: '供应商简称', en: 'Short name' }, { max: 40, required: true }),
    Supplier_Type: enumOf({ zh: '供应商类型', en: 'Supplier type' }, SUPPLIER_TYPES, { default: 1 }),
    Product_Type: text({ zh: '产品类别', en: 'Product type' }, { max: 60 }),
    Identity_ID: text(
      { zh: '统一社会信用代码', en: 'Identity ID' },
      {
        max: 30,
        hiddenInList: true,
        help: { zh: '营业执照上的 18 位代码', en: 'The 18-character code on the business licence' },
      },
    ),
    Tax_ID: text({ zh: '税号', en: 'Tax number' }, { max: 30, hiddenInList: true }),
    Tax_Certificate: text({ zh: '税务登记证', en: 'Tax certificate' }, { max: 60, hiddenInList: true }),
    Currency_ID: ref({ zh: '币种', en: 'Currency' }, 'Currency', 'Currency_Name'),
    Delivery_Term: text({ zh: '交货条款', en: 'Delivery term' }, { max: 60, hiddenInList: true }),
    Payment_Term: text({ zh: '付款条件', en: 'Payment term' }, { max: 60, hiddenInList: true }),
    Contact: text({ zh: '联系人', en: 'Contact' }, { max: 40 }),
    Tel_Phone: text({ zh: '电话', en: 'Phone' }, { max: 30 }),
    Contact_Method: text({ zh: '其他联系方式', en: 'Contact method' }, { max: 100, hiddenInList: true }),
    EMail: text({ zh: '邮箱', en: 'Email' }, { max: 100, format: 'email', hiddenInList: true }),
    Location: text({ zh: '所在地', en: 'Location' }, { max: 60 }),
    Address: text({ zh: '地址', en: 'Address' }, { max: 200, hiddenInList: true }),
    Risk_Score: decimal(
      { zh: '风险评分', en: 'Risk score' },
      {
        precision: 5,
        scale: 2,
        min: '0',
        help: { zh: '0–100，越高风险越大', en: '0 to 100; higher means riskier' },
      },
    ),
    Expiry_Date: date({ zh: '资质有效期', en: 'Expiry date' }),
    Inter_Company: bool({ zh: '关联公司', en: 'Inter-company' }, { hiddenInList: true }),
    Buyer_ID: ref({ zh: '采购员', en: 'Buyer' }, 'Users', 'User_Name'),
    Portal_User_ID: ref({ zh: '门户账号', en: 'User account' }, 'Users', 'User_Account', {
      readOnly: true,
      displayAs: 'User_Account',
      help: {
        zh: '在供应商档案中“开通门户账号”生成',
        en: 'Created with "Create portal account" in the supplier file',
      },
    }),
    Use_Supply_Chain: bool({ zh: '启用供应链协同', en: 'Supply-chain portal' }, { hiddenInList: true }),
    Disabled: bool({ zh: '停用', en: 'Disabled' }),
  },
  lines: {
    Documents: {
      label: { zh: '资质文件', en: 'Documents' },
      maxRows: 60,
      fields: {
        Doc_Kind: enumOf({ zh: '文件类型', en: 'Document kind' }, SUPPLIER_DOC_KINDS, { required: true }),
        Doc_NO: text({ zh: '文件编号', en: 'Document no.' }, { max: 60 }),
        Issue_Date: date({ zh: '签发日期', en: 'Issued' }),
        Expiry_Date: date({ zh: '到期日期', en: 'Expires' }, { required: true }),
        Remark: text({ zh: '备注', en: 'Remarks' }, { max: 200 }),
      },
    },
  },
  display: 'Short_Name',
  naming: { onReferences: true },
  list: { defaultSort: 'Supplier_Code' },
  features: { tags: true, attachments: true, customFields: true },
});
