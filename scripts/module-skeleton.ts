/** The files of a new module (DESIGN.md §2), by path inside `modules/<name>/`. */
export interface SkeletonNames {
  /** Lower-case folder and package name: `quality`. */
  name: string;
  /** PascalCase of it: `Quality`. */
  pascal: string;
  /** The module's menu code (`QM`); a planned module of the same code gives way to it. */
  code: string;
  zh: string;
  en: string;
}

export function skeleton({ name, pascal, code, zh, en }: SkeletonNames): Record<string, string> {
  const entity = `${pascal}Item`;
  const key = `${pascal}_Item_ID`;
  return {
    'package.json': `${JSON.stringify(
      {
        name: `@mes/${name}`,
        version: '0.1.0',
        private: true,
        type: 'module',
        exports: { '.': './index.ts', './server': './index.server.ts', './web': './web.ts' },
      },
      null,
      2,
    )}\n`,

    'index.ts': `import { defineModule } from '@mes/model';
import { ITEMS_MENU, item } from './item.entity';

/** ${en} (${zh}): the manifest — entities and menu pages (isomorphic). */
export const ${name}Module = defineModule({
  code: '${code}',
  label: { zh: '${zh}', en: '${en}' },
  icon: 'appstore',
  order: 50,
  entities: [item],
  menu: [
    {
      code: '${code}.main',
      label: { zh: '${zh}', en: '${en}' },
      pages: [{ code: ITEMS_MENU, label: item.label, path: '/${code}/items', entity: item.name }],
    },
  ],
});
`,

    'item.entity.ts': `import { bool, defineEntity, text } from '@mes/model';

export const ITEMS_MENU = '${code}.items';

/** THE declaration of the module's first entity: table, migration, routes, list and form follow from it. */
export const item = defineEntity({
  name: '${entity}',
  label: { zh: '${zh}条目', en: '${en} items' },
  kind: 'master',
  key: '${key}',
  menu: ITEMS_MENU,
  fields: {
    Item_Code: text({ zh: '编码', en: 'Code' }, { max: 30, required: true, unique: true }),
    Item_Name: text({ zh: '名称', en: 'Name' }, { max: 60, required: true }),
    Remark: text({ zh: '备注', en: 'Remarks' }, { max: 200 }),
    Disabled: bool({ zh: '停用', en: 'Disabled' }),
  },
  display: 'Item_Name',
  list: { defaultSort: 'Item_Code' },
});
`,

    'item.server.ts': `import { defineHooks } from '@mes/engine-server';
import { item } from './item.entity';
import { normaliseCode } from './logic/code';

/** The entity's hooks: a code is stored normalised, so that "ab-1 " and "AB-1" are one code. */
export const itemHooks = defineHooks(item, {
  beforeSave(_ctx, data) {
    if (typeof data.Item_Code === 'string') data.Item_Code = normaliseCode(data.Item_Code);
  },
});
`,

    'index.server.ts': `import type { ServerModule } from '@mes/engine-server';
import { ${name}Module } from './index';
import { itemHooks } from './item.server';

/** The server part: hooks, routes, jobs and seed of the module. */
export const ${name}Server: ServerModule = {
  manifest: ${name}Module,
  hooks: [itemHooks],
};
`,

    'logic/code.ts': `/** A code as stored: without surrounding spaces, in upper case. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}
`,

    'web.ts': `import type { ModulePages } from '@mes/engine-web/entity';
import { ITEMS_MENU } from './item.entity';

/** The module's bespoke pages by menu code, each loaded when first opened; every other page is the generic list. */
export const ${name}Pages: ModulePages = {
  [ITEMS_MENU]: () => import('./pages/ItemsPage').then((m) => m.ItemsPage),
};
`,

    'pages/ItemsPage.tsx': `import { EntityListPage, type ModulePageProps, useEntityDef, useListProps } from '@mes/engine-web/entity';
import { useModuleText } from '@mes/engine-web/i18n';
import { Typography } from 'antd';
import { item } from '../item.entity';
import { texts } from '../locales';

/** The items: the generic list of the entity under a line of the module's own text. */
export function ItemsPage({ meta }: ModulePageProps) {
  const t = useModuleText(texts);
  const def = useEntityDef(item.name);
  const props = useListProps(meta);
  return (
    <>
      <Typography.Paragraph type="secondary" data-testid="${name}-intro">
        {t('items.intro')}
      </Typography.Paragraph>
      {def && <EntityListPage def={def} {...props} />}
    </>
  );
}
`,

    'locales/zh.ts': `/** The ${en} pages' texts in Chinese; en.ts is typed against it. */
export const zh = {
  items: { intro: '每个条目一个编码，编码保存为大写。' },
};

export type Texts = typeof zh;
`,

    'locales/en.ts': `import type { Texts } from './zh';

/** The ${en} pages' texts in English. */
export const en: Texts = {
  items: { intro: 'One code per item; codes are stored in upper case.' },
};
`,

    'locales/index.ts': `import { moduleTexts } from '@mes/engine-web/i18n';
import type { Texts } from './zh';

/** The module's texts: \`useModuleText(texts)\`; each language loads when first used. */
export const texts = moduleTexts<Texts>('${name}', {
  zh: () => import('./zh').then((m) => m.zh),
  en: () => import('./en').then((m) => m.en),
});
`,

    'locales/locales.test.ts': `import { catalogueProblems } from '@mes/engine-web/i18n';
import { expect, it } from 'vitest';
import { en } from './en';
import { zh } from './zh';

it('the ${name} catalogues have the same keys, none empty, and the same placeholders', () => {
  expect(catalogueProblems(zh, en)).toEqual([]);
});
`,

    'item.test.ts': `import { startTestServer, type TestServer } from '@mes/app-server/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

it('stores a code in upper case and refuses the same code twice', async () => {
  const made = await t.call<{ ${key}: number; Item_Code: string }>('POST', '/${entity}', {
    Item_Code: ' ab-1 ',
    Item_Name: 'A',
  });
  expect(made.body.Code).toBe(0);
  const read = await t.call<{ Item_Code: string }>('GET', \`/${entity}/\${made.body.Data.${key}}\`);
  expect(read.body.Data.Item_Code).toBe('AB-1');
  const twice = await t.call('POST', '/${entity}', { Item_Code: 'AB-1', Item_Name: 'B' });
  expect(twice.status).toBe(400);
  expect((await t.call('GET', '/${entity}')).body.Paging?.TotalCount).toBe(1);
});
`,

    'README.md': `# ${en} (${zh})

What the module does, its documents and their states (DESIGN.md §2).

| declaration | menu | what it holds |
|---|---|---|
| \`${entity}\` (item.entity.ts) | ${code}.items | items with a code (stored in upper case) and a name |

Shape: \`index.ts\` the manifest, \`index.server.ts\` the server part, \`web.ts\` the bespoke pages by
menu code, \`pages/\` those pages, \`logic/\` pure calculations, \`locales/zh.ts\` and \`en.ts\` the texts read
through \`useModuleText(texts)\`.
`,
  };
}
