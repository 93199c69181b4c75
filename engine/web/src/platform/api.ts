import { type EntityDef, MAX_PAGE_SIZE, parseBindUrl } from '@mes/model';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../entity/context';
import { entityKeys } from '../entity/queries';

/** Where a page lives: the menu page (its Menu_ID) and the signed-in user; both key the per-page settings. */
export interface PageScope {
  menuId?: number;
  userId?: number;
}

export interface ColumnSetting {
  ID?: number;
  Menu_ID?: number;
  Table_ID?: string;
  User_ID?: number;
  Column_Name: string;
  Describe: string;
  Is_Visible: boolean;
  Is_Fixed: boolean;
  Allow_Hide: boolean;
  Ser_NO: number;
  Width: number | null;
  Text_Position: 'left' | 'center' | 'right';
}

export interface EnumOption {
  ID?: number;
  Extend_ID?: number;
  Enum_Name: string;
}

export interface CustomField {
  ID?: number;
  Menu_ID: number;
  Table_Name: string;
  Table_ID?: string | null;
  Column_Name: string;
  Describe: string;
  Data_Type: string;
  Is_Column: boolean;
  Extend_Type: 1 | 2;
  Width: number;
  Mandatory: boolean;
  Bind_Text?: string | null;
  Bind_Url?: string | null;
  Bind_Value?: string | null;
  Sort?: string | null;
  enumOptionList: EnumOption[];
}

export interface TagInfo {
  ID: number;
  Tag_Name: string;
  Tag_Color: string;
  DtlList: { Menu_ID: number }[];
}

export interface AttachmentRow {
  ID: number;
  File_Code: string;
  File_Name: string;
  File_Path: string;
  Attachment_Type: number;
  Attachment_Label: string | null;
  BZ_Code: string;
  BZ_Table: string;
  Creater_Name: string | null;
  File_Size: number | null;
  Created_At: string;
}

export interface ApprovalStep {
  ID: number;
  Action: 'Approve' | 'UnApprove' | 'Rejected' | 'Complete';
  From_State: number;
  To_State: number;
  Level: number;
  Rejected_Msg: string | null;
  Op_Time: string;
  Operator_Name: string | null;
  Next_User_Name: string | null;
}

export interface Approver {
  User_ID: number;
  User_Name: string;
  Disabled: boolean;
}

export const platformKeys = {
  columns: (table: string, menuId: number) => ['platform', 'columns', table, menuId] as const,
  custom: (table: string, menuId: number) => ['platform', 'custom', table, menuId] as const,
  // under the TagInfo entity's key: a tag saved or deleted anywhere (the tag page's form, a list's tag
  // dialog) refreshes every open page's tags with the entity's own invalidation, not after a reload
  tags: (menuId: number) => ['entity', 'TagInfo', 'menuTags', menuId] as const,
  allTags: () => ['entity', 'TagInfo'] as const,
  attachments: (table: string, code: number) => ['platform', 'attachments', table, code] as const,
  history: (table: string, id: number) => ['platform', 'approval', table, id] as const,
};

/** All three keys or none: a page without them keeps its declared columns (spec part 1 §5). */
export function columnKeys(def: EntityDef, scope: PageScope) {
  if (!scope.menuId || !scope.userId) return null;
  return { Menu_ID: scope.menuId, Table_ID: def.name, User_ID: scope.userId };
}

export function useColumnSettings(def: EntityDef, scope: PageScope) {
  const api = useApi();
  const keys = columnKeys(def, scope);
  return useQuery({
    queryKey: platformKeys.columns(def.name, scope.menuId ?? 0),
    queryFn: ({ signal }) =>
      api.data<ColumnSetting[]>('/UserColumnInfo/GetCustom', { query: { ...keys }, signal }),
    enabled: keys !== null,
    staleTime: 60_000,
  });
}

export function useCustomFields(def: EntityDef, menuId: number | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: platformKeys.custom(def.name, menuId ?? 0),
    queryFn: ({ signal }) =>
      api.data<CustomField[]>('/menuextend/GetMenuExtend', {
        query: { Table_Name: def.name, Menu_ID: menuId },
        signal,
      }),
    enabled: !!def.features.customFields && !!menuId,
    staleTime: 60_000,
  });
}

export function useSaveCustomFields(def: EntityDef, menuId: number) {
  const api = useApi();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (list: CustomField[]) => api.put<CustomField[]>('/MenuExtend/BatchUpdate', list),
    onSuccess: (env) => {
      qc.setQueryData(platformKeys.custom(def.name, menuId), env.Data);
      // new custom columns change the table's defaults
      return qc.invalidateQueries({ queryKey: platformKeys.columns(def.name, menuId) });
    },
  });
}

export function useMenuTags(def: EntityDef, menuId: number | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: platformKeys.tags(menuId ?? 0),
    queryFn: ({ signal }) =>
      api.data<TagInfo[]>('/TagInfo/GetMenuTag', { query: { Menu_ID: menuId }, signal }),
    enabled: !!def.features.tags && !!menuId,
    staleTime: 60_000,
  });
}

export function useSetTags(def: EntityDef, menuId: number) {
  const api = useApi();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { ids: number[]; tags: number[]; type: 1 | 2 | 3 }) =>
      api.post('/TagInfo/SetTag', {
        List_NO: v.ids.join(','),
        Menu_ID: menuId,
        Tag_Value: v.tags.join(','),
        Type: v.type,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: entityKeys.all(def.name) }),
  });
}

/**
 * The options of an enum bound to one of our lists (Bind_Url): read with the user's own rights, so a
 * list the user may not see gives no options. Each option is the row's Bind_Text, which is stored.
 */
export function useBoundOptions(c: Pick<CustomField, 'Bind_Url' | 'Bind_Text'>) {
  const api = useApi();
  const src = c.Bind_Url ? parseBindUrl(c.Bind_Url) : null;
  return useQuery({
    queryKey: ['platform', 'bound', c.Bind_Url ?? '', c.Bind_Text ?? ''],
    queryFn: async ({ signal }) => {
      const rows = await api.data<Record<string, unknown>[]>(`/${src?.entity}`, {
        query: { ...src?.query, PageSize: MAX_PAGE_SIZE },
        signal,
      });
      const names = rows.map((r) => r[c.Bind_Text ?? '']).filter((v) => v !== null && v !== undefined);
      return [...new Set(names.map(String))].map((n) => ({ Enum_Name: n }));
    },
    enabled: !!src && !!c.Bind_Text,
    staleTime: 60_000,
  });
}
