import type { SeedContext } from '@mes/engine-server';
import { sql } from 'kysely';

/** A small deterministic generator, so that every fresh database gets the same demo data. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const CLASSES: [string, string, string | null][] = [
  ['RM', '原材料', null],
  ['RM-ST', '钢材', 'RM'],
  ['RM-AL', '铝材', 'RM'],
  ['RM-PL', '塑料粒子', 'RM'],
  ['SF', '半成品', null],
  ['SF-MC', '机加工件', 'SF'],
  ['SF-ST', '冲压件', 'SF'],
  ['FG', '成品', null],
  ['FG-VA', '阀门总成', 'FG'],
  ['FG-PU', '泵总成', 'FG'],
  ['ST', '标准件', null],
  ['PK', '包材', null],
  ['SP', '备品备件', null],
  ['SP-MC', '机械备件', 'SP'],
  ['SP-EL', '电气备件', 'SP'],
  ['SP-FL', '液压气动件', 'SP'],
  ['TL', '工装模具', null],
  ['TL-DI', '模具', 'TL'],
  ['TL-FX', '夹具检具', 'TL'],
  ['TL-CT', '刀具', 'TL'],
];

/** Material families: class, type (1 raw, 2 semi, 3 finished, 4 auxiliary, 5 packaging, 8 spare part, 9 tooling), attribute, unit, name parts. */
const FAMILIES: {
  cls: string;
  type: number;
  attr: number;
  unit: string;
  names: string[];
  models: string[];
  price: [number, number];
  /** the makers a family is bought from, by turns (by default by the material's type) */
  brands?: string[];
}[] = [
  {
    cls: 'RM-ST',
    type: 1,
    attr: 1,
    unit: 'KG',
    names: ['冷轧钢板', '热轧钢板', '镀锌板', '45#圆钢', '不锈钢板'],
    models: ['1.0mm', '1.5mm', '2.0mm', '3.0mm', 'Φ20', 'Φ30'],
    price: [4, 18],
  },
  {
    cls: 'RM-AL',
    type: 1,
    attr: 1,
    unit: 'KG',
    names: ['铝棒', '铝板', '铝型材'],
    models: ['6061-T6', '6063', '5052'],
    price: [18, 32],
  },
  {
    cls: 'RM-PL',
    type: 1,
    attr: 1,
    unit: 'KG',
    names: ['PA66粒子', 'POM粒子', 'ABS粒子', 'PP粒子'],
    models: ['黑色', '本色', '加纤30%'],
    price: [12, 40],
  },
  {
    cls: 'SF-MC',
    type: 2,
    attr: 3,
    unit: 'PCS',
    names: ['阀体', '阀盖', '泵轴', '法兰', '端盖'],
    models: ['DN15', 'DN25', 'DN40', 'DN50'],
    price: [20, 120],
  },
  {
    cls: 'SF-ST',
    type: 2,
    attr: 2,
    unit: 'PCS',
    names: ['支架', '垫片', '护罩', '安装板'],
    models: ['A型', 'B型', 'C型'],
    price: [2, 30],
  },
  {
    cls: 'FG-VA',
    type: 3,
    attr: 3,
    unit: 'SET',
    names: ['球阀总成', '闸阀总成', '止回阀总成'],
    models: ['DN25 PN16', 'DN40 PN16', 'DN50 PN25'],
    price: [300, 1200],
  },
  {
    cls: 'FG-PU',
    type: 3,
    attr: 3,
    unit: 'SET',
    names: ['离心泵总成', '齿轮泵总成'],
    models: ['1.5kW', '3kW', '5.5kW'],
    price: [1500, 6000],
  },
  {
    cls: 'ST',
    type: 4,
    attr: 1,
    unit: 'PCS',
    names: ['六角螺栓', '平垫圈', '弹簧垫圈', '六角螺母', 'O型圈'],
    models: ['M6', 'M8', 'M10', 'M12', 'M16'],
    price: [0.05, 2],
  },
  {
    cls: 'PK',
    type: 5,
    attr: 1,
    unit: 'PCS',
    names: ['纸箱', '木托盘', '气泡袋', '珍珠棉'],
    models: ['大号', '中号', '小号'],
    price: [1, 60],
  },
  // spare parts and tooling come last, so that the families above keep their numbers and the
  // stock history (which draws from types 1 to 5) stays as it was
  sparePart(
    'SP-MC',
    ['深沟球轴承', '圆锥滚子轴承', '角接触球轴承'],
    ['内径20', '内径25', '内径30', '内径35', '内径40', '内径50'],
    [25, 180],
  ),
  sparePart('SP-MC', ['骨架油封', '机械密封', '密封垫'], ['Φ20', 'Φ30', 'Φ40', 'Φ50', 'Φ60'], [3, 260]),
  sparePart('SP-MC', ['三角皮带', '同步带'], ['A-1000', 'A-1200', 'B-1500', 'B-1800', 'C-2000'], [15, 90]),
  sparePart(
    'SP-EL',
    ['交流接触器', '中间继电器', '空气开关', '热继电器'],
    ['9A', '18A', '32A', '63A'],
    [30, 420],
  ),
  sparePart(
    'SP-EL',
    ['接近开关', '光电开关', '压力传感器', '温度传感器'],
    ['NPN', 'PNP', '4-20mA'],
    [45, 680],
  ),
  sparePart(
    'SP-EL',
    ['三相异步电机', '伺服电机', '减速机'],
    ['0.75kW', '1.5kW', '2.2kW', '4kW', '7.5kW'],
    [800, 6500],
  ),
  sparePart('SP-FL', ['气缸', '电磁阀', '油缸', '液压油管'], ['Φ32', 'Φ40', 'Φ50', 'Φ63'], [60, 1500]),
  tooling(
    'TL-DI',
    ['冲压模具', '注塑模具', '压铸模具'],
    ['支架A型', '护罩B型', '端盖DN25', '阀盖DN40', '泵壳1.5kW'],
    [8000, 60000],
  ),
  tooling(
    'TL-FX',
    ['车床夹具', '铣床夹具', '焊接夹具', '装配工装', '检具'],
    ['L01', 'L02', 'L03', 'L04'],
    [1200, 9000],
  ),
  tooling(
    'TL-CT',
    ['外圆车刀', '内孔车刀', '立铣刀', '麻花钻', '丝锥'],
    ['Φ6', 'Φ8', 'Φ10', 'Φ12', 'Φ16', 'Φ20'],
    [20, 260],
    1,
  ),
];

function sparePart(cls: string, names: string[], models: string[], price: [number, number]) {
  const brands = ['SKF', 'NSK', '施耐德', '西门子', '欧姆龙', '亚德客'];
  return { cls, type: 8, attr: 1, unit: 'PCS', names, models, price, brands };
}

/** moulds and fixtures made in the tool room (3); cutting tools bought (1) */
function tooling(cls: string, names: string[], models: string[], price: [number, number], attr = 3) {
  return { cls, type: 9, attr, unit: 'SET', names, models, price, brands: ['精工'] };
}

export async function seedMasterdata({ engine, tx, ctx }: SeedContext) {
  const add = async (entity: string, data: Record<string, unknown>) =>
    engine.service(entity).insert(data, ctx, tx);
  const key = (rec: Record<string, unknown>, k: string) => rec[k] as number;

  const units: Record<string, number> = {};
  for (const [code, name, nameEn, precision] of [
    ['PCS', '个', 'pcs', 0],
    ['KG', '千克', 'kg', 3],
    ['M', '米', 'm', 2],
    ['SET', '套', 'set', 0],
    ['BOX', '箱', 'box', 0],
    ['L', '升', 'L', 3],
  ] as const)
    units[code] = key(
      await add('Unit', { Unit_Code: code, Unit_Name: name, Unit_Name_En: nameEn, Precision: precision }),
      'Unit_ID',
    );
  const cny = key(
    await add('Currency', {
      Currency_Code: 'CNY',
      Currency_Name: '人民币',
      Currency_Name_En: 'Chinese yuan',
      Symbol: '¥',
      Exchange_Rate: '1',
      Is_Base: true,
    }),
    'Currency_ID',
  );
  await add('Currency', {
    Currency_Code: 'USD',
    Currency_Name: '美元',
    Currency_Name_En: 'US dollar',
    Symbol: '$',
    Exchange_Rate: '7.1',
    Is_Base: false,
  });
  await add('Currency', {
    Currency_Code: 'EUR',
    Currency_Name: '欧元',
    Currency_Name_En: 'Euro',
    Symbol: '€',
    Exchange_Rate: '7.8',
    Is_Base: false,
  });

  const classes: Record<string, number> = {};
  for (const [code, name, parent] of CLASSES)
    classes[code] = key(
      await add('MaterialClass', {
        Class_Code: code,
        Class_Name: name,
        Parent_ID: parent ? classes[parent] : null,
      }),
      'Class_ID',
    );

  const rand = rng(20261122);
  let n = 0;
  for (const fam of FAMILIES)
    for (const name of fam.names)
      for (const model of fam.models) {
        n++;
        const price = fam.price[0] + rand() * (fam.price[1] - fam.price[0]);
        await add('Material', {
          Material_Number: `${fam.cls}-${String(n).padStart(4, '0')}`,
          Material_Name: name,
          Material_Full_Name: `${name} ${model}`,
          Material_Type: fam.type,
          Material_Attribute: fam.attr,
          Class_ID: classes[fam.cls],
          Unit_ID: units[fam.unit],
          Material_Model: model,
          Brand: fam.brands
            ? fam.brands[n % fam.brands.length]
            : fam.type === 1
              ? ['宝钢', '南山铝业', '巴斯夫', '中石化'][n % 4]
              : '精工',
          Drawing_NO: fam.type === 2 || fam.type === 3 ? `DWG-${fam.cls}-${n}` : null,
          Batch_Managed: fam.type === 1,
          Is_QC: fam.type !== 4,
          Valuation_Method: fam.type === 1 ? 2 : 1,
          Historical_Price: price.toFixed(fam.price[1] < 5 ? 4 : 2),
          // spare parts and tooling (8, 9) keep to the equipment department's own rules: no safety stock
          Safety_Stock: fam.type >= 8 ? null : fam.type === 4 ? '1000' : fam.type === 1 ? '500' : '20',
        });
      }

  const factories = (await sql<{ id: number }>`SELECT id FROM factory ORDER BY id`.execute(tx)).rows.map(
    (r) => r.id,
  );
  const keeper =
    (await sql<{ id: number }>`SELECT id FROM users WHERE user_account = 'yangming'`.execute(tx)).rows[0]
      ?.id ?? null;
  const warehouses: [string, string][] = [
    ['WH01', '原材料仓'],
    ['WH02', '半成品仓'],
    ['WH03', '成品仓'],
  ];
  const warehouseIds: number[] = [];
  for (const [i, [code, name]] of warehouses.entries()) {
    const wh = key(
      await add('Warehouse', {
        Warehouse_Code: code,
        Warehouse_Name: name,
        Factory_ID: factories[0] ?? null,
        Keeper_ID: keeper,
      }),
      'Warehouse_ID',
    );
    warehouseIds.push(wh);
    for (const zone of ['A', 'B', 'C']) {
      const z = key(
        await add('Location', {
          Location_Code: `${code}-${zone}`,
          Location_Name: `${name}${zone}区`,
          Warehouse_ID: wh,
        }),
        'Location_ID',
      );
      for (let bin = 1; bin <= 4; bin++)
        await add('Location', {
          Location_Code: `${code}-${zone}-${String(bin).padStart(2, '0')}`,
          Location_Name: `${zone}区${bin}号货架`,
          Warehouse_ID: wh,
          Parent_ID: z,
        });
    }
    if (i === 0)
      for (let b = 1; b <= 6; b++)
        await add('Bucket', {
          Bucket_Code: `BK-${String(b).padStart(3, '0')}`,
          Bucket_Name: `料桶${b}号`,
          Capacity: '200',
          Unit_ID: units.L,
          Bucket_Status: 1,
        });
  }

  const salesman =
    (await sql<{ id: number }>`SELECT id FROM users WHERE user_account = 'zhangwei'`.execute(tx)).rows[0]
      ?.id ?? null;
  const cities = [
    '上海',
    '杭州',
    '宁波',
    '无锡',
    '常州',
    '南京',
    '合肥',
    '青岛',
    '天津',
    '广州',
    '深圳',
    '武汉',
  ];
  for (let i = 1; i <= 20; i++) {
    const city = cities[i % cities.length];
    await add('Customer', {
      Customer_Code: `C${String(i).padStart(4, '0')}`,
      Full_Name: `${city}${['华东', '恒通', '宏达', '鼎盛', '瑞丰'][i % 5]}流体设备有限公司`,
      Short_Name: `${city}${['华东', '恒通', '宏达', '鼎盛', '瑞丰'][i % 5]}`,
      Customer_Type: i % 7 === 0 ? 2 : 1,
      Customer_Classify: 1,
      Salesman_ID: salesman,
      Currency_ID: cny,
      Contact: ['王经理', '李工', '赵总', '陈主管'][i % 4],
      Tel_Phone: `021-6${String(1000000 + i * 7919).slice(0, 7)}`,
      Address: `${city}市经济开发区${i}号`,
    });
    await add('Supplier', {
      Supplier_Code: `S${String(i).padStart(4, '0')}`,
      Full_Name: `${city}${['精密五金', '特钢', '塑胶', '包装', '机电'][i % 5]}有限公司`,
      Short_Name: `${city}${['精密五金', '特钢', '塑胶', '包装', '机电'][i % 5]}`,
      Currency_ID: cny,
      Contact: ['周经理', '吴工', '郑总', '孙主管'][i % 4],
      Tel_Phone: `0512-5${String(2000000 + i * 6151).slice(0, 7)}`,
      Address: `${city}市工业园区${i * 3}号`,
      Use_Supply_Chain: i <= 5,
    });
  }
  for (const [code, name] of [
    ['MG-CNC', '数控车床组'],
    ['MG-PRS', '冲床组'],
    ['MG-ASM', '装配线'],
  ])
    await add('MachineGroup', {
      Group_Code: code,
      Group_Name: name,
      Factory_ID: factories[0] ?? null,
      Machine_Count: 6,
    });
  for (const [i, [name, model]] of [
    ['轴承', '6205-2RS'],
    ['皮带', 'A-1200'],
    ['液压油', 'L-HM46'],
    ['刀片', 'CNMG120408'],
  ].entries())
    await add('Accessory', {
      Accessory_Code: `AC-${i + 1}`,
      Accessory_Name: name,
      Accessory_Model: model,
      Unit_ID: units.PCS,
      Safety_Stock: '10',
    });
  // the spare parts are kept in the raw material warehouse, moulds and tooling in stores of their own
  for (const [code, name, type, wh] of [
    ['EM01', '设备备件库', 1, warehouseIds[0]],
    ['EM02', '模具库', 2, null],
    ['EM03', '工装夹具库', 3, null],
  ] as const)
    await add('EmStorage', {
      Storage_Code: code,
      Storage_Name: name,
      Storage_Type: type,
      Warehouse_ID: wh ?? null,
      Factory_ID: factories[0] ?? null,
      Keeper_ID: keeper,
    });

  // staff records for the demo accounts
  const { rows: staff } = await sql<{
    id: number;
    user_name: string;
    email: string | null;
    tel_phone: string | null;
  }>`
    SELECT id, user_name, email, tel_phone FROM users WHERE u_type = 1 ORDER BY id`.execute(tx);
  for (const [i, u] of staff.entries())
    await add('Employee', {
      Employee_Code: `E${String(i + 1).padStart(4, '0')}`,
      Employee_Name: u.user_name,
      EMail: u.email,
      Tel_Phone: u.tel_phone,
      User_ID: u.id,
      Emp_Status: 1,
    });
}
