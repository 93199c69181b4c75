import { FilterOutlined, PlusOutlined, PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import type { EntityDef } from '@mes/model';
import { Badge, Button, Flex, Input } from 'antd';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../platform/ExportButton';
import { TagFilter } from '../platform/tags';
import { ImportButton } from './ImportButton';
import { type ScopeBox, ScopeChecks } from './scopes';

type Tags = ComponentProps<typeof TagFilter>['tags'];

/** The list's header tools; each button shows only when its handler is given (the user's rights). */
export function ListToolbar(props: {
  search: string;
  onSearchChange: (v: string) => void;
  onSearch: (v: string) => void;
  onRefresh: () => void;
  /** the filter bar's toggle, with how many filters are set */
  filterOn?: boolean;
  filterCount?: number;
  onToggleFilters?: () => void;
  /** The tags of the list's menu; the filter shows when there are any. */
  tags: Tags;
  tagFilter: number | undefined;
  onTagFilter: (v: number | undefined) => void;
  /** The entity's declared scopes, a box each; none shows when it declares none. */
  scopes?: readonly ScopeBox[];
  onScope?: (name: string, on: boolean) => void;
  onPrint?: () => void;
  exportTo?: { url: string; fileName: string };
  importInto?: EntityDef;
  onAdd?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} align="center">
      <Input.Search
        allowClear
        value={props.search}
        placeholder={t('list.searchPlaceholder')}
        onChange={(e) => props.onSearchChange(e.target.value)}
        onSearch={props.onSearch}
        style={{ width: 240 }}
        data-testid="entity-search"
      />
      <Button
        icon={<ReloadOutlined />}
        aria-label={t('common.refresh')}
        onClick={props.onRefresh}
        data-testid="entity-refresh"
      />
      {props.onToggleFilters && (
        <Badge count={props.filterCount ?? 0} size="small">
          <Button
            icon={<FilterOutlined />}
            type={props.filterOn ? 'primary' : 'default'}
            onClick={props.onToggleFilters}
            data-testid="entity-filter"
          >
            {t('list.filter')}
          </Button>
        </Badge>
      )}
      {props.tags.length > 0 && (
        <TagFilter tags={props.tags} value={props.tagFilter} onChange={props.onTagFilter} />
      )}
      {props.scopes && props.scopes.length > 0 && (
        <ScopeChecks boxes={props.scopes} onChange={(name, on) => props.onScope?.(name, on)} />
      )}
      {props.onPrint && (
        <Button icon={<PrinterOutlined />} onClick={props.onPrint} data-testid="entity-print">
          {t('platform.print.button')}
        </Button>
      )}
      {props.exportTo && <ExportButton url={props.exportTo.url} fileName={props.exportTo.fileName} />}
      {props.importInto && <ImportButton def={props.importInto} />}
      {props.onAdd && (
        <Button type="primary" icon={<PlusOutlined />} data-testid="entity-add" onClick={props.onAdd}>
          {t('common.add')}
        </Button>
      )}
    </Flex>
  );
}
