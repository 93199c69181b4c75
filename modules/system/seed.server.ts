import { hashPassword, type SeedContext } from '@mes/engine-server';
import { sql } from 'kysely';
import { grantMenus } from './users.server';

/** Demo staff sign in with this password; the supplier portal account has its own. */
export const DEMO_PASSWORD = 'demo1234';

/** Deterministic demo organisation: two plants, a department tree, staff accounts, jobs, dictionaries. */
export async function seedSystem(seed: SeedContext) {
  const { engine, tx, ctx } = seed;
  const add = (entity: string, data: Record<string, unknown>) => engine.service(entity).insert(data, ctx, tx);
  await add('Company', {
    Company_Name: '苏州精工机械有限公司',
    Company_ShortName: '精工机械',
    Company_Name_En: 'Suzhou Precision Machinery Co., Ltd.',
    Address: '江苏省苏州市工业园区星湖街 88 号',
    Tel_Phone: '0512-62880000',
    Service_Phone: '400-880-8031',
    Service_Link: 'https://example.com/service',
    Online_Service: true,
    Tel_Consult: true,
    Message_On: true,
    Home_Help: true,
    Login_Wording: true,
  });

  const f1 = await add('Factory', {
    Factory_Code: 'F01',
    Factory_Name: '苏州精工一厂',
    Address: '江苏省苏州市工业园区星湖街 88 号',
    Contact: '王建国',
    Tel_Phone: '0512-62880001',
  });
  await add('Factory', {
    Factory_Code: 'F02',
    Factory_Name: '昆山装配二厂',
    Address: '江苏省昆山市开发区前进东路 120 号',
    Contact: '李明',
    Tel_Phone: '0512-57660002',
  });

  const staff: [string, string, string][] = [
    ['zhangwei', '张伟', '13800000001'],
    ['lina', '李娜', '13800000002'],
    ['wangfang', '王芳', '13800000003'],
    ['liuyang', '刘洋', '13800000004'],
    ['chenjing', '陈静', '13800000005'],
    ['yangming', '杨明', '13800000006'],
    ['zhaolei', '赵磊', '13800000007'],
    ['huangli', '黄丽', '13800000008'],
  ];
  const users: Record<string, number> = {};
  users.admin = (
    await sql<{ id: number }>`SELECT id FROM users WHERE user_account = 'admin'`.execute(tx)
  ).rows[0].id;
  for (const [acc, name, tel] of staff)
    users[acc] = (
      await add('Users', {
        User_Account: acc,
        User_Name: name,
        Tel_Phone: tel,
        EMail: `${acc}@example.com`,
        U_Type: 1,
      })
    ).User_ID as number;

  const dept = async (code: string, name: string, sort: number, parent?: number, supervisor?: string) =>
    (
      await add('Department', {
        Dept_Code: code,
        Dept_Name: name,
        Parent_ID: parent ?? null,
        Factory_ID: f1.Factory_ID,
        Supervisor_ID: supervisor ? users[supervisor] : null,
        Sort_NO: sort,
      })
    ).Dept_ID as number;
  const top = await dept('D00', '总经办', 1, undefined, 'zhangwei');
  const prod = await dept('D10', '生产部', 2, top, 'liuyang');
  await dept('D11', '冲压车间', 1, prod, 'zhaolei');
  await dept('D12', '装配车间', 2, prod);
  await dept('D13', '计划科', 3, prod, 'chenjing');
  await dept('D20', '质量部', 3, top, 'wangfang');
  await dept('D30', '采购部', 4, top, 'lina');
  await dept('D40', '仓储物流部', 5, top, 'yangming');
  await dept('D50', '财务部', 6, top, 'huangli');
  await dept('D60', '研发部', 7, top);

  const jobs: [string, string, string?][] = [
    ['总经理', '01', 'zhangwei'],
    ['生产经理', '02', 'liuyang'],
    ['计划员', '03', 'chenjing'],
    ['采购员', '04', 'lina'],
    ['仓管员', '05', 'yangming'],
    ['质检员', '06', 'wangfang'],
    ['操作工', '07'],
    ['会计', '08', 'huangli'],
  ];
  for (const [name, sort, manager] of jobs)
    await add('Job', { Job_Name: name, Sort_Code: sort, Manager_ID: manager ? users[manager] : null });

  await seedRoles(seed, users);
  await add('BarcodeTemplate', {
    Template_Name: '物料标签 60×40',
    Object_Type: 1,
    Barcode_Kind: 2,
    Width_MM: '60',
    Height_MM: '40',
    Font_Size: 8,
    Lines: [
      { Caption: '物料编码', Value_Key: 'Code' },
      { Caption: '名称', Value_Key: 'Name' },
      { Caption: '规格', Value_Key: 'Model' },
    ],
  });

  const shifts: [string, string, string, string, boolean][] = [
    ['A', '早班', '08:00', '16:00', false],
    ['B', '中班', '16:00', '00:00', true],
    ['C', '夜班', '00:00', '08:00', false],
  ];
  for (const [code, name, start, end, cross] of shifts)
    await add('WorkShift', {
      Shift_Code: code,
      Shift_Name: name,
      Start_Time: start,
      End_Time: end,
      Break_Minutes: 30,
      Crosses_Midnight: cross,
    });

  // names and items in both languages (the migration 0039 gives older databases the same English)
  const dict = ([name, nameEn]: [string, string], items: [string, string, string][], rule?: string) =>
    add('DataDictionary', {
      Storage_Name: name,
      Storage_Name_En: nameEn,
      Is_Encoding: !!rule,
      Encoding_Rules: rule ?? null,
      Items: items.map(([code, itemName, itemNameEn], i) => ({
        Item_Code: code,
        Item_Name: itemName,
        Item_Name_En: itemNameEn,
        Sort_NO: i + 1,
      })),
    });
  for (const d of SEED_DICTIONARIES) await dict(d.name, d.items, d.rule);
}

/** The demo dictionaries: [zh, en] names, items as [code, zh, en]. */
export const SEED_DICTIONARIES: {
  name: [string, string];
  items: [string, string, string][];
  rule?: string;
}[] = [
  {
    name: ['付款方式', 'Payment terms'],
    items: [
      ['T30', '月结30天', 'Net 30 days'],
      ['T60', '月结60天', 'Net 60 days'],
      ['PRE', '预付款', 'Prepayment'],
      ['COD', '货到付款', 'Cash on delivery'],
    ],
  },
  {
    name: ['交货条款', 'Delivery terms'],
    items: [
      ['EXW', '工厂交货', 'Ex works'],
      ['FOB', '离岸价', 'Free on board'],
      ['DDP', '完税后交货', 'Delivered duty paid'],
    ],
  },
  {
    name: ['计量单位', 'Units of measure'],
    items: [
      ['PCS', '个', 'pcs'],
      ['KG', '千克', 'kg'],
      ['M', '米', 'm'],
      ['SET', '套', 'set'],
      ['BOX', '箱', 'box'],
    ],
  },
  { name: ['物料批次', 'Material batches'], items: [], rule: 'LOT{YYYYMMDD}{####}' },
];

/** Roles of the demo company and who holds them; every staff account gets DEMO_PASSWORD. */
async function seedRoles(seed: SeedContext, users: Record<string, number>) {
  const { engine, tx, ctx } = seed;
  const role = async (code: string, [name, nameEn]: [string, string], [remark, remarkEn]: [string, string]) =>
    (
      await engine
        .service('Role')
        .insert(
          { Role_Code: code, Role_Name: name, Role_Name_En: nameEn, Remark: remark, Remark_En: remarkEn },
          ctx,
          tx,
        )
    ).Role_ID as number;
  const home = ['home'];
  const buyer = await role(
    'buyer',
    ['采购员', 'Buyer'],
    ['采购、寻源、供应商与物料档案', 'Purchasing, sourcing, supplier and material files'],
  );
  await grantMenus(seed, buyer, [
    ...home,
    'stock',
    'SRM.main',
    'record.partner',
    'record.material',
    'finance.payable',
  ]);
  const planner = await role(
    'planner',
    ['生产计划员', 'Production planner'],
    ['生产计划、任务单、BOM 与车间管控', 'Production plans, work documents, BOMs and shop-floor control'],
  );
  await grantMenus(seed, planner, [...home, 'PD', 'Factory', 'record.material', 'IV', 'QC']);
  const clerk = await role(
    'warehouse',
    ['仓管员', 'Warehouse clerk'],
    ['库存单据、库存报表与仓库档案', 'Stock documents, stock reports and warehouse files'],
  );
  await grantMenus(seed, clerk, [...home, 'IV', 'record.stock', 'record.equipment', 'record.material']);
  const supplier = await role(
    'supplier',
    ['供应商门户', 'Supplier portal'],
    ['供应商报价门户', 'Supplier quotation portal'],
  );
  await grantMenus(seed, supplier, ['SRM.portal', 'home.message', 'home.needdo'], 'add,edit,export,print', 4);

  const hash = await hashPassword(DEMO_PASSWORD);
  const holders: [string, number][] = [
    ['lina', buyer],
    ['chenjing', planner],
    ['liuyang', planner],
    ['yangming', clerk],
  ];
  for (const [account, roleId] of holders)
    await sql`INSERT INTO users_roles (parent_id, line_no, role_id) VALUES (${users[account]}, 1, ${roleId})`.execute(
      tx,
    );
  const admin = (await sql<{ id: number }>`SELECT id FROM role WHERE role_code = 'admin'`.execute(tx)).rows[0]
    .id;
  await sql`INSERT INTO users_roles (parent_id, line_no, role_id) VALUES (${users.zhangwei}, 1, ${admin})`.execute(
    tx,
  );
  await sql`UPDATE users SET pass_word = ${hash} WHERE id <> ${users.admin} AND pass_word IS NULL`.execute(
    tx,
  );
  // a demo database is for trying the product: its published accounts, admin's too, sign in as they are
  await sql`UPDATE users SET must_change_pwd = false WHERE id IN (${sql.join(Object.values(users))})`.execute(
    tx,
  );

  const s = await engine.service('Users').insert(
    {
      User_Account: 'supplier1',
      User_Name: '苏州恒达精密五金（供应商）',
      U_Type: 2,
      Data_Authority: 1,
      EMail: 'sales@hengda.example.com',
    },
    ctx,
    tx,
  );
  await sql`UPDATE users SET pass_word = ${await hashPassword('supplier123')} WHERE id = ${s.User_ID}`.execute(
    tx,
  );
  await sql`INSERT INTO users_roles (parent_id, line_no, role_id) VALUES (${s.User_ID}, 1, ${supplier})`.execute(
    tx,
  );
}
