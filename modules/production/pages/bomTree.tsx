import { type Lang, localText } from '@mes/model';
import { Tag, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A node of a BOM tree as the server lists it. */
export interface BomNodeRow {
  ID: number;
  Parent_ID: number | null;
  Ser_NO: number;
  Node_Index: string;
  Material_ID: number;
  Material_Number: string;
  Material_Name: string;
  Material_Type_Name: string | null;
  Qty: string;
  Scrap_Rate: string | null;
  Unit_Name: string | null;
  Unit_Name_En?: string | null;
  Price: string | null;
  Amount: string | null;
  Design_Remark: string | null;
  Remark: string | null;
  Is_Qutsourcing: boolean;
  Version: number;
}

export interface TreeData {
  key: number;
  title: ReactNode;
  children: TreeData[];
}

/** The flat node list as the antd tree: children under their parent, in Ser_NO order. */
export function buildTree(nodes: BomNodeRow[], lang: Lang = 'zh'): TreeData[] {
  // the unit in the reader's language (bilingual seeded names)
  const unit = (n: BomNodeRow) => String(localText({ ...n }, 'Unit_Name', lang) ?? '');
  const by = new Map<number | null, BomNodeRow[]>();
  for (const n of nodes) by.set(n.Parent_ID, [...(by.get(n.Parent_ID) ?? []), n]);
  const make = (parent: number | null): TreeData[] =>
    (by.get(parent) ?? [])
      .sort((a, b) => a.Ser_NO - b.Ser_NO || a.ID - b.ID)
      .map((n) => ({
        key: n.ID,
        title: (
          <span data-testid={`bom-node-${n.Material_Number}`}>
            <Typography.Text type="secondary">{n.Node_Index}</Typography.Text> {n.Material_Number}{' '}
            {n.Material_Name}{' '}
            <Tag>
              × {Number(n.Qty)} {unit(n)}
            </Tag>
            {n.Scrap_Rate && Number(n.Scrap_Rate) > 0 ? (
              <Tag color="orange">{Number(n.Scrap_Rate)}%</Tag>
            ) : null}
            {n.Material_Type_Name && <Tag color="geekblue">{n.Material_Type_Name}</Tag>}
          </span>
        ),
        children: make(n.ID),
      }));
  return make(null);
}
