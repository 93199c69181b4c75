import { allows, createSchema, type EntityDef, type FieldDef, Registry } from '@mes/model';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MODULES } from './modules';
import { createSample, samplePayload, wrongType } from './samples';
import { startTestServer, type TestServer } from './testing';

/**
 * The contract every declared entity keeps, checked for all of them without a line of
 * entity-specific code: a new declaration is covered the moment it is registered.
 */
const registry = new Registry(SERVER_MODULES.map((m) => m.manifest));
let t: TestServer;
let adminId: number;
beforeAll(async () => {
  t = await startTestServer();
  adminId = (await t.call<{ User_ID: number }>('GET', '/Base/GetLoginInfo')).body.Data.User_ID;
});
afterAll(async () => {
  await t?.close();
});

type Rec = Record<string, unknown>;
const count = async (def: EntityDef) =>
  (await t.call('GET', `/${def.name}?PageSize=1`)).body.Paging?.TotalCount;

describe.each(
  registry
    .all()
    .filter((d) => d.api)
    .map((d) => [d.name, d] as const),
)('entity %s', (_name, def) => {
  const writable = def.kind !== 'log';
  const base = `/${def.name}`;

  it.runIf(writable)('create → get → list → update → stale update → delete', async () => {
    const { payload, res: created } = await createSample(t, registry, def);
    expect(created.body.Message).toBe('操作成功');
    expect(created.status).toBe(200);
    const rec = created.body.Data as Rec;
    const id = rec[def.key] as number;
    expect(rec.Version).toBe(1);

    const got = await t.call('GET', `${base}/${id}`);
    expect(got.body.Code).toBe(0);
    for (const [k, v] of Object.entries(payload))
      if (!(k in def.lines)) expect((got.body.Data as Rec)[k], k).toEqual(v);
    // the lines it was given come back (a record its process makes starts without any)
    for (const key of Object.keys(def.lines))
      expect(((got.body.Data as Rec)[key] as unknown[]).length).toBe(key in payload ? 1 : 0);

    // keyword search over a declared search field finds it
    const searchField = def.list.search.find((f) => typeof payload[f] === 'string');
    if (searchField) {
      const kw = encodeURIComponent(String(payload[searchField]));
      const found = await t.call('GET', `${base}?KeyWord=${kw}&PageSize=500`);
      expect(found.body.Code).toBe(0);
      expect((found.body.Data as Rec[]).some((r) => r[def.key] === id)).toBe(true);
    }
    // filter by key, and paging
    const byKey = await t.call('GET', `${base}?${def.key}=${id}`);
    expect(byKey.body.Paging).toEqual({ TotalCount: 1, Page: 1, PageSize: 20 });
    expect((byKey.body.Data as Rec[])[0][def.key]).toBe(id);
    const total = (await count(def)) as number;
    const page = await t.call('GET', `${base}?PageSize=1&Page=${total}`);
    expect(page.body.Paging?.TotalCount).toBe(total);
    expect((page.body.Data as Rec[]).length).toBe(1);
    // every allowed sort works both ways
    for (const s of def.list.sort)
      for (const dir of ['', '-']) {
        const r = await t.call('GET', `${base}?Sort=${dir}${s}&PageSize=5`);
        expect(r.body.Code, `${dir}${s}: ${r.body.Message}`).toBe(0);
      }

    // update with the current version
    const editable = Object.entries(def.fields).find(
      ([, f]) => f.kind === 'text' && !f.readOnly && !f.unique && !f.format,
    );
    const change: Rec = { [def.key]: id, Version: 1 };
    if (editable) change[editable[0]] = `edited ${id}`;
    const upd = await t.call('PUT', base, change);
    expect(upd.body.Code, upd.body.Message).toBe(0);
    expect((upd.body.Data as Rec).Version).toBe(2);
    // the same stale version again is refused and changes nothing
    const stale = await t.call('PUT', base, { ...change, ...(editable ? { [editable[0]]: 'stale' } : {}) });
    expect(stale.status).toBe(409);
    expect(stale.body.Code).toBe(1);
    expect(stale.body.Message).toContain('其他人修改');
    const after = (await t.call('GET', `${base}/${id}`)).body.Data as Rec;
    expect(after.Version).toBe(2);
    if (editable) expect(after[editable[0]]).toBe(`edited ${id}`);

    // an entity that declares a record undeletable (a machine keeps its history) is refused and
    // keeps the record; the log then has no delete
    const del = await t.call('DELETE', `${base}/${id}`);
    if (!allows(def, 'delete', after)) {
      expect(del.body.Code).toBe(1);
      expect((await t.call('GET', `${base}/${id}`)).body.Code).toBe(0);
      const kept = await t.call(
        'GET',
        `/OperationLog?Entity_Name=${def.name}&Record_ID=${id}&Sort=ID&PageSize=10`,
      );
      expect((kept.body.Data as Rec[]).map((r) => r.Verb)).toEqual(['add', 'edit']);
      return;
    }
    // delete: documents are voided, master data disappears
    expect(del.body.Code, del.body.Message).toBe(0);
    const gone = await t.call('GET', `${base}/${id}`);
    if (def.kind === 'document') expect((gone.body.Data as Rec).State).toBe(0);
    else expect(gone.status).toBe(404);
    // the operation log has add, edit and delete for it
    const log = await t.call(
      'GET',
      `/OperationLog?Entity_Name=${def.name}&Record_ID=${id}&Sort=ID&PageSize=10`,
    );
    expect((log.body.Data as Rec[]).map((r) => r.Verb)).toEqual(['add', 'edit', 'delete']);
  });

  it.runIf(writable)('bad payloads get Code 1 and change nothing', async () => {
    const before = await count(def);
    const payload = await samplePayload(t, registry, def);
    const baseline = (await count(def)) as number;
    const bad: [string, unknown][] = [['unknown field', { ...payload, Not_A_Field: 1 }]];
    const fields = Object.entries(def.fields).filter(([, f]) => !f.readOnly) as [string, FieldDef][];
    for (const [n, f] of fields) bad.push([`wrong type ${n}`, { ...payload, [n]: wrongType(f) }]);
    const required = fields.find(([, f]) => f.required);
    if (required) {
      const { [required[0]]: _, ...missing } = payload;
      bad.push([`missing ${required[0]}`, missing]);
    }
    const textField = fields.find(([, f]) => f.kind === 'text');
    if (textField)
      bad.push([`too long ${textField[0]}`, { ...payload, [textField[0]]: 'x'.repeat(100_000) }]);
    for (const [what, body] of bad) {
      const r = await t.call('POST', base, body);
      expect(r.body.Code, what).toBe(1);
      expect(r.status, what).toBeGreaterThanOrEqual(400);
      expect(r.body.Message.length, what).toBeGreaterThan(0);
    }
    // 10 MB in one string is refused before it reaches the database
    const huge = await t.call('POST', base, {
      ...payload,
      [textField?.[0] ?? 'X']: 'x'.repeat(10 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.Code).toBe(1);
    // a missing field is named in the user's language
    if (required) {
      const { [required[0]]: _, ...missing } = payload;
      const en = await t.call('POST', base, missing, { 'accept-language': 'en-US,en;q=0.9' });
      expect(en.body.Message).toContain(required[0]);
      expect(en.body.Message).toContain('is required');
    }
    expect(await count(def)).toBe(baseline);
    expect(baseline).toBeGreaterThanOrEqual(before as number);
    expect(createSchema(def)).toBeDefined();
  });

  it('bad list queries get Code 1; SQL text in filters is only text', async () => {
    const base2 = `/${def.name}`;
    for (const q of [
      'PageSize=-1',
      'PageSize=501',
      'Page=0',
      'Sort=Not_A_Field',
      'Nope=1',
      `${def.key}=1%20OR%201=1`,
    ]) {
      const r = await t.call('GET', `${base2}?${q}`);
      expect(r.body.Code, q).toBe(1);
      expect(r.status, q).toBe(400);
    }
    const textField = def.list.search[0];
    if (textField) {
      const inj = encodeURIComponent("x'; DROP TABLE operation_log; --");
      const r = await t.call('GET', `${base2}?${textField}__like=${inj}&KeyWord=${inj}`);
      expect(r.body.Code).toBe(0);
      expect(r.body.Data).toEqual([]);
      expect((await t.call('GET', '/OperationLog?PageSize=1')).body.Code).toBe(0);
    }
    const missing = await t.call('GET', `${base2}/999999999`);
    expect(missing.status).toBe(404);
    expect(missing.body.Code).toBe(1);
    const badId = await t.call('GET', `${base2}/abc`);
    expect(badId.body.Code).toBe(1);
  });

  it.runIf(!writable)('is read-only on the wire', async () => {
    expect((await t.call('POST', base, {})).status).toBe(404);
    expect((await t.call('DELETE', `${base}/1`)).status).toBe(404);
  });
});

/** Every entity with a feature flag gets the feature, without code of its own (issue 4). */
describe.each(
  registry
    .all()
    .filter((d) => d.api && d.kind !== 'log')
    .map((d) => [d.name, d] as const),
)('features of %s', (_n, def) => {
  it.runIf(!!def.features.customFields)(
    'custom fields: Extension_Field1..6 are stored, filtered and searched once configured on a page',
    async () => {
      const sample = await samplePayload(t, registry, def);
      // a slot without a custom field takes no value
      expect((await t.call('POST', `/${def.name}`, { ...sample, Extension_Field6: 'x' })).status).toBe(400);
      const { rows } = await sql<{ id: number }>`SELECT id FROM module_menu
        WHERE entity_name = ${def.name} AND menu_type = 3 ORDER BY id LIMIT 1`.execute(t.engine.db);
      expect(rows, 'a page to configure its custom fields on').toHaveLength(1);
      const configured = await t.call('PUT', '/MenuExtend/BatchUpdate', [
        {
          Menu_ID: rows[0].id,
          Table_Name: def.name,
          Column_Name: 'Extension_Field6',
          Describe: 'cf',
          Data_Type: 'string',
        },
      ]);
      expect(configured.body.Code, configured.body.Message).toBe(0);
      const payload = { ...sample, Extension_Field6: `cf-${def.name}` };
      const r = await t.call<Record<string, unknown>>('POST', `/${def.name}`, payload);
      expect(r.body.Data.Extension_Field6).toBe(`cf-${def.name}`);
      expect(
        (await t.call('GET', `/${def.name}?Extension_Field6=cf-${def.name}`)).body.Paging?.TotalCount,
      ).toBe(1);
      expect((await t.call('GET', `/${def.name}?KeyWord=cf-${def.name}`)).body.Paging?.TotalCount).toBe(1);
    },
  );
  it.runIf(!def.features.customFields)('no custom fields: Extension_Field1 is refused', async () => {
    const r = await t.call('POST', `/${def.name}`, {
      ...(await samplePayload(t, registry, def)),
      Extension_Field1: 'x',
    });
    expect(r.body.Code).toBe(1);
  });
  it.runIf(!!def.features.tags)('tags: Tag_Value is stored and filtered by tag id', async () => {
    const tag = await t.call<{ ID: number }>('POST', '/TagInfo', { Tag_Name: `tag-${def.name}` });
    const r = await t.call<Record<string, unknown>>('POST', `/${def.name}`, {
      ...(await samplePayload(t, registry, def)),
      Tag_Value: `${tag.body.Data.ID}`,
    });
    expect(r.body.Data.Tag_Value).toBe(`${tag.body.Data.ID}`);
    expect((await t.call('GET', `/${def.name}?Tag_Value=${tag.body.Data.ID}`)).body.Paging?.TotalCount).toBe(
      1,
    );
  });
  it.runIf(!!def.menu)('columns: the defaults of its list follow the declaration', async () => {
    const menus = await t.call<{ Menu_ID: number; Entity_Name: string | null }[]>(
      'GET',
      `/ModuleMenu?Menu_Code=${def.menu}`,
    );
    const menu = menus.body.Data[0];
    expect(menu?.Menu_ID, `menu ${def.menu}`).toBeTruthy();
    // a bespoke page has no configurable table; lines shown inside another entity's page (BOM nodes
    // in the BOM editor) have that page's table
    if (!menu.Entity_Name) return;
    if (menu.Entity_Name !== def.name) {
      expect(registry.get(String(menu.Entity_Name)), `entity of menu ${def.menu}`).toBeTruthy();
      return;
    }
    const menuId = menu.Menu_ID;
    const r = await t.call<{ Column_Name: string; Is_Visible: boolean }[]>(
      'GET',
      `/UserColumnInfo/GetCustom?Menu_ID=${menuId}&Table_ID=${def.name}&User_ID=${adminId}`,
    );
    expect(r.body.Code, r.body.Message).toBe(0);
    const declared = Object.entries(def.fields)
      .filter(([, f]) => !(f.kind === 'text' && f.secret))
      .map(([name]) => name);
    expect(r.body.Data.slice(0, declared.length).map((c) => c.Column_Name)).toEqual(declared);
    for (const c of r.body.Data.slice(0, declared.length))
      expect(c.Is_Visible, c.Column_Name).toBe(def.list.columns.includes(c.Column_Name));
  });
  const upload = async (id: string) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ BZ_Table: def.name, BZ_Code: id, Attachment_Type: '1' }))
      form.append(k, v);
    form.append('file', new Blob([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')]), 'contract.pdf');
    return (await t.call('POST', '/Attachment/', form)).body;
  };
  const created = async () => {
    const { res } = await createSample(t, registry, def);
    expect(res.body.Code, res.body.Message).toBe(0);
    return String((res.body.Data as Rec)[def.key]);
  };
  it.runIf(!!def.features.attachments && def.kind !== 'log')(
    'attachments: a file is kept on a record and listed with it',
    async () => {
      const id = await created();
      const up = await upload(id);
      expect(up.Code, up.Message).toBe(0);
      const list = await t.call<unknown[]>('GET', `/Attachment?BZ_Code=${id}&BZ_Table=${def.name}`);
      expect(list.body.Data).toHaveLength(1);
    },
  );
  it.runIf(!def.features.attachments)('no attachments: an upload is refused', async () => {
    expect((await upload('1')).Code).not.toBe(0);
  });
  it.runIf(!!def.features.print && def.kind !== 'log')('print: a record prints as a PDF', async () => {
    const id = await created();
    const print = () =>
      fetch(`${t.url}/Report/Viewer?Entity=${def.name}&ID=${id}`, {
        headers: { authorization: `Bearer ${t.token}`, accept: 'application/json' },
      });
    if (def.features.approval) {
      // a draft prints (marked 草稿), and so does an approved one (set directly: approval hooks are not the point here)
      expect((await print()).headers.get('content-type')).toBe('application/pdf');
      await sql`UPDATE ${sql.table(def.table)} SET state = 3 WHERE id = ${Number(id)}`.execute(t.engine.db);
    }
    const res = await print();
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
  it.runIf(!def.features.print)('no print: the viewer says there is no template', async () => {
    expect((await t.call('GET', `/Report/Viewer?Entity=${def.name}&ID=1`)).body.Message).toBe(
      '该数据没有打印模板',
    );
  });
  it.runIf(!!def.features.approval)(
    'approval: the actions, the history and what may be done are routes',
    () => {
      const urls = t.app.permRoutes.map((r) => `${r.method} ${r.url}`);
      for (const a of ['Submit', 'Withdraw', 'Approve', 'UnApprove', 'Rejected', 'Complete'])
        expect(urls).toContain(`POST /${def.name}/${a}`);
      expect(urls).toContain(`GET /${def.name}/:id/ApprovalHistory`);
      expect(urls).toContain(`GET /${def.name}/:id/ApprovalActions`);
    },
  );
});
