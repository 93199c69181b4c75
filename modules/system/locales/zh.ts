/** The system pages' texts in Chinese (terms of GLOSSARY.md); en.ts is typed against it. */
export const zh = {
  users: {
    disable: '停用',
    enable: '启用',
    confirmDisable: '确定停用用户 {{name}} 吗？停用后无法登录。',
    confirmEnable: '确定启用用户 {{name}} 吗？',
  },
  password: {
    new: '新密码',
    newRequired: '请输入新密码',
    length: '密码长度为 {{min}} 到 {{max}} 个字符',
    reset: '重置密码',
    resetTitle: '重置 {{name}} 的密码',
    resetHint: '重置后该用户的所有登录将失效，请将新密码告知本人。',
  },
  roles: {
    grants: '菜单权限',
    grantsTitle: '{{name}} · 菜单与按钮权限',
    operaType: '操作类型',
    adminAll: '超级管理员角色拥有全部菜单和按钮权限，无需分配。',
    expandAll: '全部展开',
    collapseAll: '全部收起',
    checkAll: '全选',
    uncheckAll: '全不选',
    summary: '已授权 {{pages}} 个页面',
    treeHint: '勾选页面及其按钮；“查看”表示可以打开页面。',
  },
  company: {
    title: '公司信息',
    edit: '编辑公司信息',
    logo: '公司标志',
    upload: '上传标志',
    readOnly: '您没有修改公司信息的权限。',
  },
  dictionary: {
    addItem: '新增字典项',
    itemName: '名称',
    itemNameEn: '英文名称',
    itemCode: '编码',
    empty: '不能为空',
    codeRequired: '启用编码时编码不能为空',
  },
};

export type Texts = typeof zh;
