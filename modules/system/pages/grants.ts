import type { Label, Lang } from '@mes/model';

/** A row of GET /ModuleMenu (the whole menu, with the buttons each page offers). */
export interface MenuRow {
  Menu_ID: number;
  Parent_Menu_ID: number | null;
  Menu_Code: string;
  Menu_Name: string;
  Menu_Name_En?: string | null;
  Menu_Type: number;
  Ser_NO: number;
  Buttons?: string | null;
}

/** A line of Role.Grants: one page, the buttons granted on it and its operation type. */
export interface GrantLine {
  Menu_ID: number;
  Buttons: string;
  Opera_Type: number;
}

export interface GrantNode {
  key: string;
  title: string;
  kind: 'module' | 'group' | 'page' | 'button';
  menuId?: number;
  children?: GrantNode[];
}

/** Opening the page: implied by any grant of it, shown as a leaf so that a page can be granted read-only. */
export const VIEW = 'view';
export const DEFAULT_OPERA_TYPE = 2;

export const BUTTON_LABELS: Record<string, Label> = {
  view: { zh: '查看', en: 'View' },
  add: { zh: '新增', en: 'Add' },
  edit: { zh: '修改', en: 'Edit' },
  delete: { zh: '删除', en: 'Delete' },
  approve: { zh: '审核', en: 'Approve' },
  unapprove: { zh: '反审核', en: 'Unapprove' },
  reject: { zh: '驳回', en: 'Reject' },
  close: { zh: '关闭', en: 'Close' },
  print: { zh: '打印', en: 'Print' },
  export: { zh: '导出', en: 'Export' },
  import: { zh: '导入', en: 'Import' },
  config: { zh: '配置字段', en: 'Configure fields' },
};

const ORDER = Object.keys(BUTTON_LABELS);

export const pageKey = (id: number) => `p:${id}`;
export const buttonKey = (id: number, code: string) => `b:${id}:${code}`;

const offered = (r: MenuRow) =>
  (r.Buttons ?? '')
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);

const name = (r: MenuRow, lang: Lang) => (lang === 'en' && r.Menu_Name_En ? r.Menu_Name_En : r.Menu_Name);

/** Modules → groups → pages → the page's buttons (View first), each level by Ser_NO. */
export function buildGrantTree(rows: readonly MenuRow[], lang: Lang): GrantNode[] {
  const kids = new Map<number | null, MenuRow[]>();
  for (const r of rows) kids.set(r.Parent_Menu_ID, [...(kids.get(r.Parent_Menu_ID) ?? []), r]);
  for (const list of kids.values()) list.sort((a, b) => a.Ser_NO - b.Ser_NO || a.Menu_ID - b.Menu_ID);
  const node = (r: MenuRow): GrantNode | null => {
    if (r.Menu_Type === 3)
      return {
        key: pageKey(r.Menu_ID),
        title: name(r, lang),
        kind: 'page',
        menuId: r.Menu_ID,
        children: [VIEW, ...offered(r)].map((b) => ({
          key: buttonKey(r.Menu_ID, b),
          title: BUTTON_LABELS[b]?.[lang] ?? b,
          kind: 'button',
          menuId: r.Menu_ID,
        })),
      };
    const children = (kids.get(r.Menu_ID) ?? []).map(node).filter((n): n is GrantNode => !!n);
    if (!children.length) return null;
    return {
      key: `${r.Menu_Type === 1 ? 'm' : 'g'}:${r.Menu_ID}`,
      title: name(r, lang),
      kind: r.Menu_Type === 1 ? 'module' : 'group',
      children,
    };
  };
  return (kids.get(null) ?? [])
    .filter((r) => r.Menu_Type === 1)
    .map(node)
    .filter((n): n is GrantNode => !!n);
}

/** The ticked leaves of a role's grants: View, plus each granted button the page still offers. */
export function checkedFromGrants(grants: readonly GrantLine[], rows: readonly MenuRow[]): string[] {
  const pages = new Map(rows.filter((r) => r.Menu_Type === 3).map((r) => [r.Menu_ID, new Set(offered(r))]));
  const out: string[] = [];
  for (const g of grants) {
    const can = pages.get(g.Menu_ID);
    if (!can) continue;
    out.push(buttonKey(g.Menu_ID, VIEW));
    for (const b of g.Buttons.split(',').map((x) => x.trim()))
      if (b && can.has(b)) out.push(buttonKey(g.Menu_ID, b));
  }
  return out;
}

/** Grants lines from the ticked keys: a page is granted when any of its leaves is ticked. */
export function grantsFromChecked(
  checked: Iterable<string>,
  operaTypes: ReadonlyMap<number, number>,
): GrantLine[] {
  const pages = new Map<number, string[]>();
  for (const key of checked) {
    const m = /^b:(\d+):(\w+)$/.exec(key);
    if (!m) continue;
    const id = Number(m[1]);
    const list = pages.get(id) ?? [];
    if (m[2] !== VIEW) list.push(m[2]);
    pages.set(id, list);
  }
  return [...pages]
    .sort(([a], [b]) => a - b)
    .map(([id, buttons]) => ({
      Menu_ID: id,
      Buttons: [...buttons].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)).join(','),
      Opera_Type: operaTypes.get(id) ?? DEFAULT_OPERA_TYPE,
    }));
}
