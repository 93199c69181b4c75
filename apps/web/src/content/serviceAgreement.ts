import type { Doc } from './types';

/** The service agreement shown at /ServiceAgreement, in both languages. */
export const SERVICE_AGREEMENT: Record<'zh' | 'en', Doc> = {
  zh: {
    title: '服务协议',
    updated: '2026-01-01',
    intro:
      '欢迎使用本制造企业管理系统（以下简称“本系统”）。本协议是您所在企业（以下简称“客户”）及其授权用户与本系统服务提供方（以下简称“我们”）之间关于使用本系统的约定。登录即表示您已阅读、理解并同意本协议全部内容。',
    sections: [
      {
        id: 'scope',
        heading: '一、服务内容',
        paragraphs: [
          '本系统为制造企业提供主数据、生产、库存、质量、设备、能源、销售、采购、财务、项目与寻源等管理功能，以及消息、待办、审批与报表服务。',
          '具体可用的功能以客户开通的模块及管理员为您分配的菜单和按钮权限为准。我们可能根据业务需要对功能进行升级、调整，并会通过系统消息或公告告知重大变更。',
        ],
      },
      {
        id: 'account',
        heading: '二、账号与安全',
        paragraphs: [
          '账号由客户的管理员开通并分配角色。您应妥善保管账号和密码，不得转借、出租或与他人共用。因您保管不善造成的损失由您及客户自行承担。',
          '首次登录后请及时修改初始密码。系统会在闲置一段时间后自动锁屏，并可在修改密码后使其他设备上的登录失效。发现账号被盗用时，请立即修改密码并通知管理员。',
        ],
      },
      {
        id: 'use',
        heading: '三、使用规范',
        paragraphs: [
          '您应在授权范围内使用本系统，不得尝试访问未授权的数据、绕过权限控制、干扰系统正常运行，或上传含有病毒、恶意代码及违法内容的文件。',
          '您录入的业务数据应真实、准确。经审批的单据如需变更，应按系统提供的反审核、驳回或结案流程处理，以保证数据可追溯。',
        ],
      },
      {
        id: 'data',
        heading: '四、数据归属',
        paragraphs: [
          '客户在本系统中录入和产生的业务数据归客户所有。我们仅为提供、维护和改进服务之目的，在客户授权范围内处理这些数据。',
          '客户可随时通过导出功能获取其数据。服务终止后，我们将按双方约定的期限保留或删除客户数据。',
        ],
      },
      {
        id: 'availability',
        heading: '五、服务可用性',
        paragraphs: [
          '我们将尽合理努力保障系统稳定运行。因计划内维护需要暂停服务的，我们会提前通知；因不可抗力、网络故障或第三方原因导致的中断，我们将尽快恢复。',
        ],
      },
      {
        id: 'liability',
        heading: '六、责任限制',
        paragraphs: [
          '在法律允许的范围内，我们对因使用或无法使用本系统而产生的间接损失不承担责任。因用户违反本协议造成的损失，由违约方承担。',
        ],
      },
      {
        id: 'change',
        heading: '七、协议变更与终止',
        paragraphs: [
          '我们可能适时修订本协议，修订后的协议将在本页面公布。修订生效后继续使用本系统，即视为您接受修订后的协议。',
          '客户与我们之间的服务合同终止时，您的账号将被停用。',
        ],
      },
      {
        id: 'law',
        heading: '八、法律适用与争议解决',
        paragraphs: [
          '本协议适用中华人民共和国法律。因本协议产生的争议，双方应友好协商解决；协商不成的，提交服务提供方所在地有管辖权的人民法院诉讼解决。',
        ],
      },
    ],
  },
  en: {
    title: 'Service Agreement',
    updated: '2026-01-01',
    intro:
      'Welcome to this manufacturing management system (the "System"). This agreement is made between your company (the "Customer") with its authorised users and the provider of the System ("we"). By signing in you confirm that you have read, understood and accepted all of it.',
    sections: [
      {
        id: 'scope',
        heading: '1. The service',
        paragraphs: [
          'The System supports manufacturers with master data, production, inventory, quality, equipment, energy, sales, purchasing, finance, projects and sourcing, together with messages, to-dos, approvals and reports.',
          'What you can use depends on the modules the Customer subscribes to and on the menus and buttons your administrator grants you. We may improve or change functions and announce important changes through system messages.',
        ],
      },
      {
        id: 'account',
        heading: '2. Accounts and security',
        paragraphs: [
          "The Customer's administrator opens accounts and assigns roles. Keep your account and password to yourself; do not lend, rent or share them. Losses caused by careless keeping are borne by you and the Customer.",
          'Change the initial password after your first sign-in. The screen locks itself after a period of inactivity, and changing the password ends sign-ins on other devices. If your account is misused, change the password at once and tell your administrator.',
        ],
      },
      {
        id: 'use',
        heading: '3. Acceptable use',
        paragraphs: [
          'Use the System only within your grants. Do not try to reach data you are not granted, circumvent permissions, disturb the service, or upload files containing viruses, malicious code or unlawful content.',
          'Business data you enter must be true and accurate. Approved documents are changed through the unapprove, reject or close actions the System offers, so that every change can be traced.',
        ],
      },
      {
        id: 'data',
        heading: '4. Ownership of data',
        paragraphs: [
          "Business data entered into or produced by the System belongs to the Customer. We process it only to provide, maintain and improve the service, within the Customer's instructions.",
          'The Customer can export its data at any time. When the service ends, we keep or delete the data within the period agreed with the Customer.',
        ],
      },
      {
        id: 'availability',
        heading: '5. Availability',
        paragraphs: [
          'We make reasonable efforts to keep the System running. Planned maintenance is announced in advance; interruptions caused by force majeure, network failures or third parties are remedied as soon as possible.',
        ],
      },
      {
        id: 'liability',
        heading: '6. Limitation of liability',
        paragraphs: [
          'To the extent permitted by law we are not liable for indirect losses arising from the use of, or inability to use, the System. Losses caused by a breach of this agreement are borne by the party in breach.',
        ],
      },
      {
        id: 'change',
        heading: '7. Changes and termination',
        paragraphs: [
          'We may revise this agreement and publish the revision on this page. Continuing to use the System after a revision takes effect means you accept it.',
          'Your account is disabled when the service contract between the Customer and us ends.',
        ],
      },
      {
        id: 'law',
        heading: '8. Governing law',
        paragraphs: [
          "This agreement is governed by the laws of the People's Republic of China. Disputes are first settled by negotiation; failing that, by the competent people's court at the provider's domicile.",
        ],
      },
    ],
  },
};
