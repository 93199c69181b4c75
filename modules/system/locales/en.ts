import type { Texts } from './zh';

/** The system pages' texts in English. */
export const en: Texts = {
  users: {
    disable: 'Disable',
    enable: 'Enable',
    confirmDisable: 'Disable the user {{name}}? They can no longer sign in.',
    confirmEnable: 'Enable the user {{name}}?',
  },
  password: {
    new: 'New password',
    newRequired: 'Enter a new password',
    length: 'A password has {{min}} to {{max}} characters',
    reset: 'Reset password',
    resetTitle: 'Reset the password of {{name}}',
    resetHint: 'Every sign-in of this user ends. Tell them the new password yourself.',
  },
  roles: {
    grants: 'Menu grants',
    grantsTitle: '{{name}} · menus and buttons',
    operaType: 'Operation type',
    adminAll: 'An administrator role holds every menu and button; nothing to grant.',
    expandAll: 'Expand all',
    collapseAll: 'Collapse all',
    checkAll: 'Select all',
    uncheckAll: 'Select none',
    summary: '{{pages}} pages granted',
    treeHint: 'Tick pages and their buttons; "View" lets the role open the page.',
  },
  company: {
    title: 'Company information',
    edit: 'Edit company information',
    logo: 'Logo',
    upload: 'Upload logo',
    readOnly: 'You may not change the company information.',
  },
  dictionary: {
    addItem: 'Add item',
    itemName: 'Name',
    itemNameEn: 'Name in English',
    itemCode: 'Code',
    empty: 'Cannot be empty',
    codeRequired: 'The code is required when numbering is on',
  },
};
