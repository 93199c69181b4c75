import type { Doc } from './types';

/** The help document (/SOP): how to work in the product, in both languages. */
export const SOP: Record<'zh' | 'en', Doc> = {
  zh: {
    title: '帮助文档',
    updated: '2026-01-01',
    intro: '本文介绍系统的基本操作。具体业务模块的操作说明会随模块上线补充。',
    sections: [
      {
        id: 'signin',
        heading: '1. 登录与退出',
        paragraphs: [
          '在登录页输入管理员为您开通的账号和密码，点击“登录”。右上角可以切换中文或英文界面。',
          '连续输错密码会被暂时锁定登录，请稍后再试或联系管理员重置密码。',
          '点击顶部栏右侧的头像，选择“退出登录”即可安全退出；在公共电脑上使用后请务必退出。',
        ],
      },
      {
        id: 'menu',
        heading: '2. 菜单',
        paragraphs: [
          '左侧菜单只显示您有权限的功能。菜单有两种样式：“手风琴”按模块展开分组和页面；“图标栏”将鼠标移到模块图标上即弹出该模块的全部页面。点击菜单底部的按钮切换样式，系统会记住您的选择。',
          '菜单顶部的搜索框可以按名称查找页面（不区分大小写）。点击顶部栏左侧的折叠按钮可以收起或展开菜单。',
          '在手机等窄屏设备上，菜单默认收起，点击左上角按钮打开。',
        ],
      },
      {
        id: 'tabs',
        heading: '3. 标签页',
        paragraphs: [
          '打开的页面会以标签形式显示在页面上方，点击标签即可切换，切换时页面内容会保留。',
          '在标签上点击右键可以刷新、关闭、关闭其他、关闭所有，以及添加到收藏或取消收藏。“首页”标签始终保留。',
        ],
      },
      {
        id: 'lists',
        heading: '4. 列表与表单',
        paragraphs: [
          '列表页支持关键字搜索、按列排序和分页。点击“新增”打开表单录入新记录，点击“编辑”修改记录。',
          '表单会检查必填项和格式，有问题的字段会标红提示。如果记录已被他人修改，请关闭后重新打开再编辑。',
        ],
      },
      {
        id: 'messages',
        heading: '5. 消息与待办',
        paragraphs: [
          '顶部栏的铃铛显示未读消息数（超过 99 显示 99+），点击进入消息记录；点击一条消息会标记为已读并打开相关页面。“全部已读”可一次标记所有消息。',
          '日历图标进入待办事项，待办按模块分组；需要您审批的单据也会出现在这里。消息和待办每 5 分钟自动刷新。',
        ],
      },
      {
        id: 'favourites',
        heading: '6. 收藏与快速搜索',
        paragraphs: [
          '在标签上右键选择“添加到收藏”，该页面会出现在首页的“我的收藏”中。',
          '点击顶部栏的放大镜可以快速搜索菜单；输入关键字后回车，还会在您有权限的档案和单据中搜索。',
        ],
      },
      {
        id: 'lock',
        heading: '7. 锁屏与密码',
        paragraphs: [
          '离开座位时可以在头像菜单中选择“锁屏”，回来后输入密码解锁。长时间无操作时系统也会自动锁屏，时长由管理员在系统参数中设置。',
          '在头像菜单中选择“修改密码”，输入原密码和新密码（8 到 128 个字符）。修改后，其他设备上的登录会失效。',
        ],
      },
      {
        id: 'admin',
        heading: '8. 管理员：用户与权限',
        paragraphs: [
          '在“系统设置 - 用户管理”中新增用户、分配角色、重置密码或停用账号。',
          '在“系统设置 - 角色权限”中点击角色的“菜单权限”，按模块、分组、页面勾选可访问的页面和按钮，并为每个页面选择操作类型（只读、管理、仅审核、本人）。',
          '首次使用时，可以在首页打开“系统初始化向导”，依次完成公司信息、部门、用户和管理员密码的设置。',
        ],
      },
      {
        id: 'help',
        heading: '9. 获取帮助',
        paragraphs: [
          '顶部栏的问号菜单提供帮助文档、联系我们和在线客服入口；如有意见反馈权限，也可以在那里提交建议。',
        ],
      },
    ],
  },
  en: {
    title: 'Help',
    updated: '2026-01-01',
    intro: 'How to work in the system. Guides for the business modules are added as each module arrives.',
    sections: [
      {
        id: 'signin',
        heading: '1. Signing in and out',
        paragraphs: [
          'Enter the account and password your administrator gave you and choose "Sign in". The switch in the top right corner changes between Chinese and English.',
          'After repeated wrong passwords sign-in is blocked for a while; try again later or ask your administrator to reset your password.',
          'Choose your avatar in the top bar, then "Sign out". Always sign out on shared computers.',
        ],
      },
      {
        id: 'menu',
        heading: '2. The menu',
        paragraphs: [
          'The left menu shows only what you are granted. It has two styles: "Accordion" opens a module to show its groups and pages; "Icon column" shows all pages of a module when you point at its icon. The button at the bottom of the menu switches style, and the choice is remembered.',
          'The search box at the top of the menu finds pages by name (upper or lower case alike). The fold button at the left of the top bar hides or shows the menu.',
          'On phones and other narrow screens the menu starts hidden; the button in the top left corner opens it.',
        ],
      },
      {
        id: 'tabs',
        heading: '3. Tabs',
        paragraphs: [
          'Each page you open becomes a tab above the page; choose a tab to return to it, with its content as you left it.',
          'Right-click a tab to refresh it, close it, close the others, close all, or add it to (remove it from) your favourites. The Home tab always stays.',
        ],
      },
      {
        id: 'lists',
        heading: '4. Lists and forms',
        paragraphs: [
          'Lists can be searched by keyword, sorted by column and paged. "Add" opens a form for a new record; "Edit" changes one.',
          'Forms check required fields and formats and mark what needs attention. If someone else changed the record meanwhile, close the form and open it again.',
        ],
      },
      {
        id: 'messages',
        heading: '5. Messages and to-dos',
        paragraphs: [
          'The bell shows how many messages are unread (99+ above 99) and opens the message record; opening a message marks it read and shows its page. "All read" marks every message at once.',
          'The calendar icon opens your to-do list, grouped by module; documents waiting for your approval are there too. Messages and to-dos refresh every five minutes.',
        ],
      },
      {
        id: 'favourites',
        heading: '6. Favourites and quick search',
        paragraphs: [
          'Right-click a tab and choose "Add to favourites"; the page then appears under Favourites on the home page.',
          'The magnifier in the top bar finds menus as you type; press Enter to search the records and documents you may see as well.',
        ],
      },
      {
        id: 'lock',
        heading: '7. Screen lock and password',
        paragraphs: [
          'Leaving your desk? Choose "Lock screen" in the avatar menu and unlock with your password when you are back. The screen also locks itself after a period without activity set by your administrator.',
          'Choose "Change password", enter the current and the new password (8 to 128 characters). Sign-ins on other devices end after the change.',
        ],
      },
      {
        id: 'admin',
        heading: '8. Administrators: users and permissions',
        paragraphs: [
          'Settings → Users: add users, give them roles, reset passwords or disable accounts.',
          'Settings → Roles and permissions: choose "Menu grants" on a role and tick, by module, group and page, the pages and buttons it may use, with an operation type per page (read only, manage all, approve only, own records).',
          'The first time, open the system initialisation wizard from the home page to set up the company, departments, users and the administrator password.',
        ],
      },
      {
        id: 'help',
        heading: '9. Getting help',
        paragraphs: [
          'The question-mark menu in the top bar leads to this help, the contact page and online customer service; with the feedback page granted you can send suggestions there too.',
        ],
      },
    ],
  },
};
