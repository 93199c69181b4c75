import { bool, defineEntity, enumOf, options, ref, text } from '@mes/model';

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
    Salesman_ID: ref({ zh: '业务员', en: 'Salesman' }, 'Users', 'User_Name'),
    Currency_ID: ref({ zh: '币种', en: 'Currency' }, 'Currency', 'Currency_Name'),
    Tax_ID: text({ zh: '税号', en: 'Tax number' }, { max: 30, hiddenInList: true }),
    Receipt_ID: text({ zh: '收款条件', en: 'Payment terms' }, { max: 60, hiddenInList: true }),
    Contact: text({ zh: '联系人', en: 'Contact' }, { max: 40 }),
    Tel_Phone: text({ zh: '电话', en: 'Phone' }, { max: 30 }),
    Address: text({ zh: '地址', en: 'Address' }, { max: 200 }),
    Disabled: bool({ zh: '停用', en: 'Disabled' }),
  },
  display: 'Short_Name',
  list: { defaultSort: 'Customer_Code' },
  features: { tags: true, attachments: true, customFields: true },
});

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
    Tax_ID: text({ zh: '税号', en: 'Tax number' }, { max: 30, hiddenInList: true }),
    Tax_Certificate: text({ zh: '税务登记证', en: 'Tax certificate' }, { max: 60, hiddenInList: true }),
    Currency_ID: ref({ zh: '币种', en: 'Currency' }, 'Currency', 'Currency_Name'),
    Contact: text({ zh: '联系人', en: 'Contact' }, { max: 40 }),
    Tel_Phone: text({ zh: '电话', en: 'Phone' }, { max: 30 }),
    EMail: text({ zh: '邮箱', en: 'Email' }, { max: 100, format: 'email', hiddenInList: true }),
    Address: text({ zh: '地址', en: 'Address' }, { max: 200 }),
    Use_Supply_Chain: bool({ zh: '启用供应链协同', en: 'Supply-chain portal' }),
    Disabled: bool({ zh: '停用', en: 'Disabled' }),
  },
  display: 'Short_Name',
  list: { defaultSort: 'Supplier_Code' },
  features: { tags: true, attachments: true, customFields: true },
});
