import type { SeedContext } from '@mes/engine-server';

/** Deterministic demo organisation: two plants, a department tree, staff accounts, jobs, dictionaries. */
export async function seedSystem({ engine, tx, ctx }: SeedContext) {
  const add = (entity: string, data: Record<string, unknown>) => engine.service(entity).insert(data, ctx, tx);

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
  users.admin = (await add('Users', { User_Account: 'admin', User_Name: '系统管理员', U_Type: 1 })).User_ID as number;
  for (const [acc, name, tel] of staff)
    users[acc] = (
      await add('Users', { User_Account: acc, User_Name: name, Tel_Phone: tel, EMail: `${acc}@example.com`, U_Type: 1 })
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

  const dict = (name: string, items: [string, string][], rule?: string) =>
    add('DataDictionary', {
      Storage_Name: name,
      Is_Encoding: !!rule,
      Encoding_Rules: rule ?? null,
      Items: items.map(([code, itemName], i) => ({ Item_Code: code, Item_Name: itemName, Sort_NO: i + 1 })),
    });
  await dict('付款方式', [
    ['T30', '月结30天'],
    ['T60', '月结60天'],
    ['PRE', '预付款'],
    ['COD', '货到付款'],
  ]);
  await dict('交货条款', [
    ['EXW', '工厂交货'],
    ['FOB', '离岸价'],
    ['DDP', '完税后交货'],
  ]);
  await dict('计量单位', [
    ['PCS', '个'],
    ['KG', '千克'],
    ['M', '米'],
    ['SET', '套'],
    ['BOX', '箱'],
  ]);
  await dict('物料批次', [], 'LOT{YYYYMMDD}{####}');
}
