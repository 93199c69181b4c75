import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AppError, type Engine, parseWith, requestContext } from '@mes/engine-server';
import bwipjs from 'bwip-js/node';
import type { FastifyInstance } from 'fastify';
import PDFDocument from 'pdfkit';
import { z } from 'zod';

const MM = 72 / 25.4;
const require = createRequire(import.meta.url);
let font: Buffer | undefined;

const body = z.strictObject({
  Template_ID: z.number().int().positive(),
  Items: z
    .array(z.record(z.string().max(40), z.union([z.string().max(200), z.number()])))
    .min(1)
    .max(500),
});

/** POST /BarcodeTemplate/Print: one label per item, laid out by the template, as a PDF. */
export function barcodeRoutes(app: FastifyInstance, engine: Engine) {
  app.post(
    '/BarcodeTemplate/Print',
    {
      config: {
        perm: { entity: 'BarcodeTemplate', button: 'view' },
        records: [{ entity: 'BarcodeTemplate', in: 'body', key: 'Template_ID' }],
      },
    },
    async (req, reply) => {
      const ctx = requestContext(req);
      const input = parseWith(body, req.body, undefined, ctx.lang);
      const tpl = await engine.service('BarcodeTemplate').mustGet(input.Template_ID);
      const w = Number(tpl.Width_MM) * MM;
      const h = Number(tpl.Height_MM) * MM;
      font ??= readFileSync(
        require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
      );
      const doc = new PDFDocument({ size: [w, h], margin: 0, autoFirstPage: false });
      doc.registerFont('cjk', font);
      const chunks: Buffer[] = [];
      doc.on('data', (c: Buffer) => chunks.push(c));
      const done = new Promise<Buffer>((ok) => doc.on('end', () => ok(Buffer.concat(chunks))));
      const qr = tpl.Barcode_Kind === 2;
      const lines = (tpl.Lines as { Caption: string; Value_Key: string }[]) ?? [];
      for (const item of input.Items) {
        const code = String(item.Code ?? '').trim();
        if (!code)
          throw new AppError('validation', { field: 'Code', reason: { zh: '不能为空', en: 'is required' } });
        const png = await bwipjs
          .toBuffer(
            qr
              ? { bcid: 'qrcode', text: code, scale: 3 }
              : { bcid: 'code128', text: code, scale: 2, height: 10, includetext: true },
          )
          .catch(() => {
            throw new AppError('validation', {
              field: 'Code',
              reason: { zh: '无法生成条码', en: 'cannot be encoded' },
            });
          });
        doc.addPage({ size: [w, h], margin: 0 });
        const pad = 2 * MM;
        const codeW = qr ? Math.min(h - 2 * pad, w / 2) : w - 2 * pad;
        doc.image(png, pad, pad, qr ? { fit: [codeW, codeW] } : { fit: [codeW, h / 2 - pad] });
        const fs = Number(tpl.Font_Size ?? 8);
        let y = qr ? pad : h / 2 + pad / 2;
        const x = qr ? codeW + 2 * pad : pad;
        doc.font('cjk').fontSize(fs).fillColor('#000');
        for (const l of lines) {
          doc.text(`${l.Caption}：${String(item[l.Value_Key] ?? '')}`, x, y, {
            width: w - x - pad,
            lineBreak: false,
            ellipsis: true,
          });
          y += fs * 1.4;
        }
      }
      doc.end();
      const pdf = await done;
      return reply
        .header('Content-Type', 'application/pdf')
        .header('X-Content-Type-Options', 'nosniff')
        .send(pdf);
    },
  );
}
