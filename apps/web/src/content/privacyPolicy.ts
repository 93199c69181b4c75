import type { Doc } from './types';

/** The privacy policy shown at /PrivacyPolicy, in both languages. */
export const PRIVACY_POLICY: Record<'zh' | 'en', Doc> = {
  zh: {
    title: '隐私政策',
    updated: '2026-01-01',
    intro:
      '我们重视您的个人信息保护。本政策说明本系统如何收集、使用、存储和保护您的个人信息，以及您享有的权利。请在使用本系统前仔细阅读。',
    sections: [
      {
        id: 'collect',
        heading: '一、我们收集的信息',
        paragraphs: [
          '账号信息：账号、姓名、所属部门与岗位、电话、邮箱，由您所在企业的管理员录入或由您本人维护。',
          '登录与安全信息：登录时间、IP 地址、浏览器类型、登录失败次数，用于保障账号安全和限制暴力破解。',
          '操作记录：您对业务数据的新增、修改、删除、审核等操作，记入系统日志，以便追溯。',
        ],
      },
      {
        id: 'use',
        heading: '二、信息的使用',
        paragraphs: [
          '我们仅在以下目的范围内使用您的信息：验证身份并维持登录状态；按角色显示菜单和数据；向您发送待办、审批与系统消息；排查故障、保障安全；满足法律法规要求。',
          '我们不会将您的个人信息用于与上述目的无关的用途，也不会出售您的个人信息。',
        ],
      },
      {
        id: 'cookies',
        heading: '三、Cookie 与本地存储',
        paragraphs: [
          '本系统使用 Cookie 保存登录凭据（User_ID、token、Authorization）、菜单展开状态和锁屏状态，使用浏览器本地存储保存界面语言。退出登录时，登录相关的 Cookie 会被清除。',
          '这些 Cookie 仅用于系统正常运行，不用于广告或跨站跟踪。',
        ],
      },
      {
        id: 'share',
        heading: '四、信息的共享',
        paragraphs: [
          '您的信息仅在您所在企业内部按权限可见。除法律法规要求或获得企业授权外，我们不会向第三方提供您的个人信息。',
          '供应商门户用户只能看到与其自身相关的询价和报价信息。',
        ],
      },
      {
        id: 'store',
        heading: '五、存储与保护',
        paragraphs: [
          '密码以 argon2id 算法加盐哈希保存，任何人（包括我们）都无法查看明文密码。登录令牌以摘要形式保存，并设有闲置超时与最长有效期。',
          '数据存储在企业指定的服务器或数据中心。我们采用访问控制、传输加密、操作审计和定期备份等措施保护数据安全。',
        ],
      },
      {
        id: 'retention',
        heading: '六、保存期限',
        paragraphs: [
          '账号信息在账号存续期间保存；系统日志按企业的审计要求保存。超出保存期限或企业要求删除的，我们将删除或匿名化处理。',
        ],
      },
      {
        id: 'rights',
        heading: '七、您的权利',
        paragraphs: [
          '您可以在个人中心查看并修改密码，可以请求管理员更正您的账号信息，也可以要求停用您的账号。对个人信息处理有疑问的，可以通过“帮助 - 联系我们”与我们联系。',
        ],
      },
      {
        id: 'minor',
        heading: '八、未成年人',
        paragraphs: ['本系统面向企业员工及其供应商，不面向未成年人提供服务。'],
      },
      {
        id: 'change',
        heading: '九、政策更新',
        paragraphs: ['本政策可能适时更新，更新后的版本将在本页面公布并注明更新日期。'],
      },
    ],
  },
  en: {
    title: 'Privacy Policy',
    updated: '2026-01-01',
    intro:
      'We care about your personal information. This policy explains what the System collects, how it is used, stored and protected, and which rights you have. Please read it before using the System.',
    sections: [
      {
        id: 'collect',
        heading: '1. What we collect',
        paragraphs: [
          "Account data: account, name, department and job, phone and email, entered by your company's administrator or by you.",
          'Sign-in and security data: time of sign-in, IP address, browser type and failed attempts, used to keep accounts safe and to stop password guessing.',
          'Activity: what you add, change, delete or approve is written to the operation log so that it can be traced.',
        ],
      },
      {
        id: 'use',
        heading: '2. How it is used',
        paragraphs: [
          'Only to: confirm who you are and keep you signed in; show the menus and data your roles grant; send you to-dos, approvals and system messages; find faults and keep the service safe; and meet legal obligations.',
          'We do not use your personal information for other purposes and never sell it.',
        ],
      },
      {
        id: 'cookies',
        heading: '3. Cookies and local storage',
        paragraphs: [
          'Cookies keep your sign-in (User_ID, token, Authorization), the state of the menu and the screen lock; local storage keeps the interface language. Signing out removes the sign-in cookies.',
          'These cookies serve only the running of the System, never advertising or cross-site tracking.',
        ],
      },
      {
        id: 'share',
        heading: '4. Sharing',
        paragraphs: [
          'Your information is visible within your company according to permissions. We give it to third parties only when the law requires it or your company authorises it.',
          'Supplier portal users see only the enquiries and quotations that concern them.',
        ],
      },
      {
        id: 'store',
        heading: '5. Storage and protection',
        paragraphs: [
          'Passwords are stored as salted argon2id hashes: nobody, including us, can read them. Sign-in tokens are stored as digests and expire after inactivity and after a maximum lifetime.',
          'Data is kept on servers or in the data centre your company chooses, protected by access control, encrypted transport, audit logs and regular backups.',
        ],
      },
      {
        id: 'retention',
        heading: '6. Retention',
        paragraphs: [
          "Account data is kept while the account exists; the operation log as long as your company's audit rules require. Beyond that, or on your company's request, data is deleted or anonymised.",
        ],
      },
      {
        id: 'rights',
        heading: '7. Your rights',
        paragraphs: [
          'You can change your password in the account menu, ask your administrator to correct your account data, or ask for your account to be disabled. Questions about your data: Help → Contact us.',
        ],
      },
      {
        id: 'minor',
        heading: '8. Minors',
        paragraphs: ['The System serves company staff and their suppliers, not minors.'],
      },
      {
        id: 'change',
        heading: '9. Changes',
        paragraphs: ['This policy may be updated; the new version is published on this page with its date.'],
      },
    ],
  },
};
