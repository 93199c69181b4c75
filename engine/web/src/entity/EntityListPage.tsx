import { allows, type EntityDef, MAX_PAGE_SIZE, STATE } from '@mes/model';
import { Alert, Button, Card, message, Table, type TableProps } from 'antd';
import { type Key, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabel, useLang } from '../i18n';
import { BatchBar } from '../platform/BatchBar';
import {
  Gear,
  SELECTION_WIDTH,
  serialColumn,
  summaryRow,
  totalWidth,
  useListColumns,
  withWidths,
} from '../platform/listColumns';
import { usePrint } from '../platform/PrintButton';
import { mayPrint } from '../platform/steps';
import {
  RowSpacers,
  SpacedBody,
  useHostWidth,
  useRowWindow,
  VIRTUAL_ROW_HEIGHT,
  VIRTUAL_VIEWPORT,
} from '../platform/virtualRows';
import { type SortState, sortParam } from './columns';
import { useApi } from './context';
import { EntityFormDrawer } from './EntityFormDrawer';
import { FilterBar, type ListFilters } from './FilterBar';
import { announceDone, removeAction } from './feedback';
import type { Row } from './format';
import { type ListDialog, ListDialogs } from './ListDialogs';
import { ListToolbar } from './ListToolbar';
import { PhoneRowDetail, phoneKeyColumns, splitForPhone, usePhone } from './phone';
import { presetValues } from './presets';
import { useDeleteEntity, useEntityList } from './queries';
import { OpenRequest } from './recordLink';
import { actionsColumn } from './rowActions';
import { useEntityRowUnits } from './rowUnits';
import { scopeBoxes, scopeFilters, withScope } from './scopes';
import { buildTree, type TreeRow } from './tree';

export interface EntityListPageProps {
  def: EntityDef;
  /** Page heading; the entity's label by default (the menu page's label reads better when given). */
  title?: string;
  defaultPageSize?: number;
  /** More buttons per row (reset a password, open a role's grants); shown after edit and delete. */
  rowActions?: (row: Row) => ReactNode;
  /**
   * Button codes the user holds on this page (ButtonDtl of the menu); absent means all. The server
   * refuses the rest anyway; hiding them spares the user a 403.
   */
  buttons?: ReadonlySet<string>;
  /** Line tables the form leaves out (a bespoke editor handles them). */
  hiddenLines?: readonly string[];
  /**
   * Fixed filters (`Field` or `Field__op` → value) for a page that shows a slice of the entity; a
   * record added there gets the `Field` values, locked (presetValues).
   */
  filters?: Readonly<Record<string, string | number>>;
  /** The menu page showing the list: keys the user's column settings, custom fields and tags. */
  menuId?: number;
  /** The signed-in user (the column settings are per user). */
  userId?: number;
}

export const DEFAULT_PAGE_SIZE = 20;
const PAGE_SIZES = [10, 20, 50, 100, 200, 500];
/** Longer pages scroll virtually (spec part 2 §9: row height 50, 5 rows beyond the viewport). */
export const VIRTUAL_ROWS = 100;
const VIRTUAL_BODY = { body: { wrapper: SpacedBody } };
const virtualRow = () => ({ style: { height: VIRTUAL_ROW_HEIGHT } });
const PRINT_MESSAGE_SECONDS = 1;
type Editing = { id: number | null; readOnly: boolean } | null;
/** The toolbar box that brings voided documents into the list (State 0, which lists leave out). */
export const VOIDED_BOX = 'Voided';

/** The generic list: columns, search, server paging and sorting, and the form drawer for add / edit. */
export function EntityListPage({
  def,
  title,
  defaultPageSize = DEFAULT_PAGE_SIZE,
  rowActions,
  buttons,
  hiddenLines,
  filters: fixedFilters,
  menuId,
  userId,
}: EntityListPageProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  const lang = useLang();
  const label = useLabel();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(defaultPageSize);
  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  const [sort, setSort] = useState<SortState | undefined>();
  const [editing, setEditing] = useState<Editing>(null);
  const [tagFilter, setTagFilter] = useState<number | undefined>();
  const [chosenScopes, setChosenScopes] = useState<ReadonlySet<string>>(new Set());
  const [showFilters, setShowFilters] = useState(false);
  const [userFilters, setUserFilters] = useState<ListFilters>({});
  const [selected, setSelected] = useState<Key[]>([]);
  const [dialog, setDialog] = useState<ListDialog>(null);
  const scope = { menuId, userId };
  const readOnlyEntity = def.kind === 'log';
  const may = (code: string) => !readOnlyEntity && (!buttons || buttons.has(code));
  const canEdit = may('edit');

  // A tree reads as a tree only when whole; while searching it falls back to flat pages.
  const [tooBigForTree, setTooBigForTree] = useState(false);
  const [collapsed, setCollapsed] = useState<Set<Key>>(new Set());
  const asTree = Boolean(def.tree) && !keyword && !tooBigForTree && !Object.keys(userFilters).length;
  // the page's fixed filters win over a scope the user ticked (its box is locked then anyway)
  const chosen = Object.keys(userFilters).length ? userFilters : undefined;
  // voided documents are left out of a list unless asked for (含作废): they stay findable, with their state
  const mayShowVoided =
    def.kind === 'document' && !Object.keys(fixedFilters ?? {}).some((k) => k.split('__')[0] === 'State');
  const voided = mayShowVoided && chosenScopes.has(VOIDED_BOX) ? { State__gte: STATE.VOID } : undefined;
  const declaredScopes = scopeFilters(def, chosenScopes);
  const userScopes = declaredScopes || voided ? { ...declaredScopes, ...voided } : undefined;
  const filters =
    tagFilter || fixedFilters || userScopes || chosen
      ? { ...userScopes, ...chosen, ...fixedFilters, ...(tagFilter ? { Tag_Value: tagFilter } : {}) }
      : undefined;
  const params = asTree
    ? { Page: 1, PageSize: MAX_PAGE_SIZE, Sort: sortParam(sort), filters }
    : { Page: page, PageSize: pageSize, KeyWord: keyword || undefined, Sort: sortParam(sort), filters };
  const list = useEntityList(def, params);
  const remove = useDeleteEntity(def);
  const presets = useMemo(() => presetValues(def, fixedFilters), [def, fixedFilters]);
  const api = useApi();
  // logs can be exported too; the server streams the file and checks the export button itself
  const mayExport = !buttons || buttons.has('export');
  const exportUrl = api.url(`/${def.name}/Export`, {
    KeyWord: keyword || undefined,
    Sort: sortParam(sort),
    ...filters,
  });
  const platform = useListColumns(def, scope, lang, t, sort);
  const { print, viewer } = usePrint(def);
  const mayTag = !!def.features.tags && !!menuId && canEdit;

  const rows = list.data?.Data ?? [];
  const units = useEntityRowUnits(def, rows);
  const total = list.data?.Paging?.TotalCount ?? rows.length;
  // a long list is counted only so far past the page: its total is then "more than"
  const capped = list.data?.Paging?.Capped === true;
  const treeComplete = asTree && total <= rows.length;
  useEffect(() => {
    if (asTree && list.data && total > rows.length) setTooBigForTree(true);
  }, [asTree, list.data, total, rows.length]);
  const dataSource = useMemo(
    () => (treeComplete && def.tree ? buildTree(rows, def.key, def.tree.parent) : rows),
    [treeComplete, rows, def],
  );
  // Expanded unless the user folded it: a freshly loaded tree shows every level.
  const expandedRowKeys = useMemo(() => {
    const keys: Key[] = [];
    const walk = (rs: TreeRow[]) => {
      for (const r of rs)
        if (r.children?.length) {
          const k = r[def.key] as Key;
          if (!collapsed.has(k)) keys.push(k);
          walk(r.children);
        }
    };
    if (treeComplete) walk(dataSource);
    return keys;
  }, [treeComplete, dataSource, collapsed, def.key]);

  // 已作废 IV2026110055 / 已删除 F09 工厂: what was done, to which record
  const onDelete = (id: number) =>
    remove.mutate(id, {
      onSuccess: () =>
        void announceDone(
          t,
          removeAction(def),
          def,
          rows.find((r) => Number(r[def.key]) === id),
        ),
    });

  const actions = actionsColumn({
    def,
    t,
    canEdit,
    mayDelete: may('delete'),
    readOnlyEntity,
    extra: rowActions,
    onOpen: (id, readOnly) => setEditing({ id, readOnly }),
    onDelete,
  });
  const gear =
    platform.settings.data && menuId ? (
      <Gear label={t('platform.columns.settings')} onClick={() => setDialog('columns')} />
    ) : null;
  const virtual = !treeComplete && rows.length > VIRTUAL_ROWS;
  const host = useRef<HTMLDivElement>(null);
  const win = useRowWindow(host, rows.length, virtual, list.data);
  const hostWidth = useHostWidth(host, virtual);
  const columns = [
    serialColumn(treeComplete ? 1 : page, pageSize, gear, win.start),
    ...platform.columns,
    actions,
  ];
  const siblings = useMemo(() => rows.map((r) => Number(r[def.key])), [rows, def.key]);
  const selectedRows = rows.filter((r) => selected.includes(r[def.key] as Key));
  // every selected row prints, one section each in one file; a draft among them stops the print
  const printSelected = () => {
    // spec part 1 §8: nothing chosen is refused here, with the warning, before any request
    if (!selectedRows.length)
      return void message.warning({
        key: 'list-print',
        content: t('platform.print.selectRow'),
        duration: PRINT_MESSAGE_SECONDS,
      });
    if (selectedRows.some((r) => !mayPrint(!!def.features.approval, r.State)))
      return void message.warning(t('platform.print.draft'), PRINT_MESSAGE_SECONDS);
    print(selectedRows.map((r) => r[def.key]).join(','));
  };
  // a phone keeps the key columns in the row and folds the rest into it (not a tree, whose rows
  // expand to their children, nor a windowed table, whose rows keep one height)
  const folded = phone && !treeComplete && !virtual ? splitForPhone(columns, phoneKeyColumns(def)) : null;
  // a virtual table keeps its widths while rows come and go; the selection box adds its own
  const shown = folded ? folded.shown : virtual ? withWidths(columns) : columns;

  const onTableChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      setSort(
        s?.order && s.columnKey ? { field: String(s.columnKey), desc: s.order === 'descend' } : undefined,
      );
      setPage(1);
    } else if (extra.action === 'paginate') {
      setPage(pagination.current ?? 1);
      setPageSize(pagination.pageSize ?? pageSize);
    }
  };

  return (
    <Card
      title={title ?? label(def.label)}
      data-testid={`entity-list-${def.name}`}
      extra={
        <ListToolbar
          search={search}
          onSearchChange={setSearch}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
          onRefresh={() => void list.refetch()}
          filterOn={showFilters}
          filterCount={Object.keys(userFilters).length}
          onToggleFilters={() => setShowFilters((v) => !v)}
          tags={def.features.tags && menuId ? (platform.tags.data ?? []) : []}
          tagFilter={tagFilter}
          onTagFilter={(v) => {
            setTagFilter(v);
            setPage(1);
          }}
          scopes={[
            ...scopeBoxes(def, chosenScopes, fixedFilters, label),
            ...(mayShowVoided
              ? [
                  {
                    name: VOIDED_BOX,
                    label: t('list.withVoided'),
                    checked: chosenScopes.has(VOIDED_BOX),
                    fixed: false,
                  },
                ]
              : []),
          ]}
          onScope={(name, on) => {
            setChosenScopes((s) => withScope(s, name, on));
            setPage(1);
          }}
          onPrint={def.features.print && may('print') ? printSelected : undefined}
          exportTo={mayExport ? { url: exportUrl, fileName: `${label(def.label)}.xlsx` } : undefined}
          importInto={may('import') ? def : undefined}
          onAdd={may('add') ? () => setEditing({ id: null, readOnly: false }) : undefined}
        />
      }
    >
      {showFilters && (
        <FilterBar
          def={def}
          value={userFilters}
          onChange={(v) => {
            setUserFilters(v);
            setPage(1);
          }}
        />
      )}
      {list.isError && !list.data && (
        <Alert
          type="error"
          showIcon
          title={t('list.loadFailed')}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('list.retry')}
            </Button>
          }
          style={{ marginBottom: 12 }}
        />
      )}
      {selected.length > 0 && (
        <BatchBar
          def={def}
          ids={selected.map(Number)}
          mayDelete={may('delete') && selectedRows.every((r) => allows(def, 'delete', r))}
          mayTag={mayTag}
          onTag={() => setDialog('tags')}
          onClear={() => setSelected([])}
        />
      )}
      <div data-testid="entity-table" ref={host}>
        <RowSpacers value={{ ...win, span: shown.length + 1 }}>
          <Table<Row>
            rowKey={def.key}
            size="middle"
            columns={shown}
            dataSource={virtual ? rows.slice(win.start, win.end) : dataSource}
            loading={list.isFetching || platform.settings.isFetching}
            onChange={onTableChange}
            rowSelection={{
              // the header and body colgroups must agree, or their columns drift apart
              columnWidth: SELECTION_WIDTH,
              selectedRowKeys: selected,
              // only the window is rendered: selections outside it stay, and "all" means the whole page
              preserveSelectedRowKeys: virtual,
              onChange: (keys, _rows, info) =>
                setSelected(
                  virtual && info.type === 'all'
                    ? keys.length > selected.length
                      ? rows.map((r) => r[def.key] as Key)
                      : []
                    : keys,
                ),
            }}
            components={virtual ? VIRTUAL_BODY : undefined}
            onRow={virtual ? virtualRow : undefined}
            scroll={
              folded
                ? undefined
                : virtual
                  ? { x: Math.max(totalWidth(shown) + SELECTION_WIDTH, hostWidth), y: VIRTUAL_VIEWPORT }
                  : { x: 'max-content' }
            }
            summary={(onPage) =>
              summaryRow(
                columns,
                virtual ? rows : [...onPage],
                platform.numeric,
                t('common.total'),
                true,
                virtual,
                units,
              )
            }
            expandable={
              folded
                ? {
                    expandedRowRender: (r, i) => <PhoneRowDetail columns={folded.rest} row={r} index={i} />,
                    rowExpandable: () => folded.rest.length > 0,
                  }
                : treeComplete
                  ? {
                      expandedRowKeys,
                      onExpand: (open, r) => {
                        const next = new Set(collapsed);
                        if (open) next.delete(r[def.key] as Key);
                        else next.add(r[def.key] as Key);
                        setCollapsed(next);
                      },
                    }
                  : undefined
            }
            pagination={
              treeComplete
                ? false
                : {
                    current: page,
                    pageSize,
                    total,
                    showSizeChanger: true,
                    pageSizeOptions: PAGE_SIZES,
                    showTotal: (n) => t(capped ? 'list.moreItems' : 'list.totalItems', { total: n }),
                  }
            }
          />
        </RowSpacers>
      </div>
      <EntityFormDrawer
        def={def}
        open={editing !== null}
        id={editing?.id ?? null}
        readOnly={editing?.readOnly}
        hiddenLines={hiddenLines}
        menuId={menuId}
        buttons={buttons}
        presets={presets}
        onClose={() => setEditing(null)}
        siblings={siblings}
      />
      {/* a link elsewhere (a ledger row's document number) opens one of the records here */}
      <OpenRequest open={(id) => setEditing({ id, readOnly: !canEdit })} />
      {viewer}
      {menuId && (
        <ListDialogs
          def={def}
          scope={{ menuId, userId }}
          open={dialog}
          settings={platform.settings.data}
          mayCustomize={may('config')}
          mayTag={mayTag}
          selectedRows={selectedRows}
          onOpen={setDialog}
          onTagged={() => setSelected([])}
        />
      )}
    </Card>
  );
}
