import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing';

let t: TestServer;
let factoryId: number;
beforeAll(async () => {
  t = await startTestServer({ seed: 'demo' });
  factoryId = (await t.call<{ Factory_ID: number }[]>('GET', '/Factory?Factory_Code=F01')).body.Data[0]
    .Factory_ID;
});
afterAll(async () => t?.close());

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('1 0 obj << >> endobj\n%%EOF\n')]);
const EXE = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);

async function upload(name: string, data: Buffer, fields: Record<string, string> = {}, token = t.token) {
  const form = new FormData();
  const all = {
    BZ_Table: 'Factory',
    BZ_Code: String(factoryId),
    Attachment_Type: '1',
    Attachment_Label: '营业执照',
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(data)]), name);
  return t.call<Record<string, string>>('POST', '/Attachment/', form, { authorization: `Bearer ${token}` });
}

describe('attachments', () => {
  it('uploads, lists, serves with safe headers and deletes a document', async () => {
    const up = await upload('营业执照.PDF', PDF);
    expect(up.body.Code).toBe(0);
    expect(up.body.Data.File_Code).toMatch(/^[a-f0-9]{32}$/);
    expect(up.body.Data.File_Path).toBe(`${up.body.Data.File_Code}.pdf`);
    const list = await t.call<{ File_Name: string }[]>(
      'GET',
      `/Attachment?BZ_Code=${factoryId}&BZ_Table=Factory`,
    );
    expect(list.body.Data.map((a) => a.File_Name)).toEqual(['营业执照.PDF']);
    // the image route takes the session from the cookie, as an <img> sends no header
    const img = await fetch(`${t.url}/Attachment/GetImg/${up.body.Data.File_Path}`, {
      headers: { cookie: `token=${t.token}` },
    });
    expect(img.status).toBe(200);
    expect(img.headers.get('x-content-type-options')).toBe('nosniff');
    expect(img.headers.get('content-disposition')).toContain("inline; filename*=UTF-8''");
    expect(Buffer.from(await img.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await fetch(`${t.url}/Attachment/GetImg/${up.body.Data.File_Path}`)).status).toBe(401);
    const del = await t.call('DELETE', `/Attachment/${up.body.Data.File_Code}`);
    expect(del.body.Code).toBe(0);
    expect(
      (
        await fetch(`${t.url}/Attachment/GetImg/${up.body.Data.File_Path}`, {
          headers: { cookie: `token=${t.token}` },
        })
      ).status,
    ).toBe(404);
  });

  it('refuses disguised, foreign and unsupported files with the spec messages', async () => {
    expect((await upload('invoice.pdf', EXE)).body.Message).toBe('文件内容与扩展名不符');
    expect((await upload('tool.exe', EXE)).body.Message).toBe('请上传 (doc|docx|xls|xlsx|pdf) 格式的文件');
    expect((await upload('scan.docx', PDF, { Attachment_Type: '2' })).body.Message).toBe(
      '请上传 (PDF|PNG|GIF|JPG|JPEG) 格式的图片',
    );
    expect((await upload('a.pdf', Buffer.alloc(0))).body.Code).toBe(1);
    const big = await upload('big.pdf', Buffer.concat([PDF, Buffer.alloc(21 * 1024 * 1024)]));
    expect(big.status).toBe(413);
    expect(big.body.Code).toBe(1);
  });

  it('strips control and bidirectional characters from names, stored and sent', async () => {
    // the override would show "invoiceexe.pdf" for what is named ...exe
    const named = await upload('scan.pdf', PDF, { File_Name: 'invoice\u202Eexe\u2066\u0085\u007F.pdf' });
    expect(named.body.Data.File_Name).toBe('invoiceexe.pdf');
    const byFile = await upload('报价\u202Bfdp\u0001.pdf', PDF);
    expect(byFile.body.Data.File_Name).toBe('报价fdp.pdf');
    // a name stored before names were cleaned is cleaned when sent
    await sql`UPDATE attachment SET file_name = ${'old\u202Efdp.pdf'}
      WHERE file_code = ${named.body.Data.File_Code}`.execute(t.engine.db);
    const listed = await t.call<{ File_Code: string; File_Name: string }[]>(
      'GET',
      `/Attachment?BZ_Code=${factoryId}&BZ_Table=Factory`,
    );
    expect(listed.body.Data.find((a) => a.File_Code === named.body.Data.File_Code)?.File_Name).toBe(
      'oldfdp.pdf',
    );
    const sent = await fetch(`${t.url}/Attachment/Download/${named.body.Data.File_Code}`, {
      headers: { cookie: `token=${t.token}` },
    });
    expect(sent.status).toBe(200);
    expect(sent.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('oldfdp.pdf')}`,
    );
  });

  it('never lets a client path reach the disk, and checks the owning record', async () => {
    const up = await upload('../../../../etc/passwd.pdf', PDF);
    expect(up.body.Data.File_Name).toBe('passwd.pdf');
    const dir = join(t.engine.settings.attachmentDir, up.body.Data.File_Code.slice(0, 2));
    expect(readdirSync(dir)).toContain(`${up.body.Data.File_Code}.pdf`);
    expect(existsSync('/etc/passwd.pdf')).toBe(false);
    expect((await upload('a.pdf', PDF, { BZ_Code: '99999999' })).status).toBe(404);
    expect((await upload('a.pdf', PDF, { BZ_Table: 'Job', BZ_Code: '1' })).body.Message).toBe(
      '该数据不支持附件',
    );
    expect((await upload('a.pdf', PDF, { BZ_Table: 'Nope' })).status).toBe(404);
    expect(
      (
        await fetch(`${t.url}/Attachment/GetImg/..%2F..%2Fetc%2Fpasswd`, {
          headers: { cookie: `token=${t.token}` },
        })
      ).status,
    ).toBe(404);
    // a buyer may not attach to factories, nor read their files
    const lina = await t.login('lina', 'demo1234');
    expect((await upload('a.pdf', PDF, {}, lina)).status).toBe(403);
    const list = await t.call('GET', `/Attachment?BZ_Code=${factoryId}&BZ_Table=Factory`, undefined, {
      authorization: `Bearer ${lina}`,
    });
    expect(list.status).toBe(403);
  });

  it('keeps the company logo as an image of CompanyInfor', async () => {
    const company = (await t.call<{ Company_ID: number }[]>('GET', '/Company')).body.Data[0];
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const up = await upload('logo.png', png, {
      BZ_Table: 'CompanyInfor',
      BZ_Code: String(company.Company_ID),
      Attachment_Type: '2',
    });
    expect(up.body.Data.Attachment_Type).toBe(2);
    const logo = await t.call<{ File_Path: string }[]>(
      'GET',
      `/Attachment?Attachment_Type=2&BZ_Code=${company.Company_ID}&BZ_Table=CompanyInfor`,
    );
    expect(logo.body.Data[0].File_Path).toBe(up.body.Data.File_Path);
  });

  it('takes a phone camera photo (jpg or png, any letter case) on a record as an image', async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0, 0x10, 0x45, 0x78, 0x69, 0x66, 0, 0]);
    const photo = await upload('IMG_20261127_101500.JPG', jpeg, { Attachment_Label: '' });
    expect(photo.body.Code).toBe(0);
    expect(photo.body.Data).toMatchObject({ Attachment_Type: 2, File_Path: expect.stringMatching(/\.jpg$/) });
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const shot = await upload('image.png', png, { Attachment_Type: '2' });
    expect(shot.body.Data.Attachment_Type).toBe(2);
    // a photo renamed to hide another kind of file is still refused
    expect((await upload('photo.jpg', EXE)).body.Message).toBe('文件内容与扩展名不符');
  });
});
