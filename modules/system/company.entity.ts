import { bool, defineEntity, text } from '@mes/model';

const flag = (zh: string, en: string) => bool({ zh, en }, { hiddenInList: true });

/** One row: the company using the product, and the switches of the login page and shell. */
export const company = defineEntity({
  name: 'Company',
  label: { zh: '公司信息', en: 'Company information' },
  kind: 'master',
  key: 'Company_ID',
  menu: 'home.company',
  fields: {
    Company_Name: text({ zh: '公司名称', en: 'Company name' }, { max: 100, required: true }),
    Company_ShortName: text({ zh: '公司简称', en: 'Short name' }, { max: 30, required: true }),
    Company_Name_En: text({ zh: '英文名称', en: 'English name' }, { max: 150 }),
    Address: text({ zh: '地址', en: 'Address' }, { max: 200 }),
    Tel_Phone: text({ zh: '电话', en: 'Phone' }, { max: 30 }),
    Website: text({ zh: '网址', en: 'Website' }, { max: 200 }),
    Tax_No: text({ zh: '税号', en: 'Tax number' }, { max: 30 }),
    Service_Phone: text({ zh: '客服电话', en: 'Service phone' }, { max: 30 }),
    Service_Link: text({ zh: '在线客服链接', en: 'Customer-service link' }, { max: 300 }),
    Online_Service: flag('在线客服', 'Online customer service'),
    Tel_Consult: flag('电话咨询', 'Telephone consultation'),
    Barcode_Scan: flag('条码扫描', 'Barcode scan'),
    Message_On: flag('消息', 'Messages'),
    Home_Help: flag('首页帮助中心', 'Home help centre'),
    Home_Barcode: flag('首页条码', 'Home barcode'),
    Login_Top_Picture: flag('登录页顶部图片', 'Login top picture'),
    Login_Bottom_Picture: flag('登录页底部图片', 'Login bottom picture'),
    Login_Wording: flag('登录页文字', 'Login wording'),
  },
  display: 'Company_ShortName',
  features: { attachments: true },
});
