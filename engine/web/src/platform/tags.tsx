import { DeleteOutlined } from '@ant-design/icons';
import type { EntityDef } from '@mes/model';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  ColorPicker,
  Flex,
  Input,
  Modal,
  message,
  Popconfirm,
  Radio,
  Select,
  Space,
  Tag,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../entity/context';
import { platformKeys, type TagInfo, useMenuTags, useSetTags } from './api';

export const DEFAULT_TAG_COLOR = '#1677ff';

export function tagIds(value: unknown): number[] {
  return typeof value === 'string' ? value.split(',').filter(Boolean).map(Number) : [];
}

/** A row's tags as coloured labels; ids of deleted tags show nothing. */
export function TagList({ value, tags }: { value: unknown; tags: TagInfo[] | undefined }) {
  const ids = tagIds(value);
  if (!ids.length || !tags) return null;
  return (
    <Space size={2} wrap>
      {ids.map((id) => {
        const tag = tags.find((x) => x.ID === id);
        return tag ? (
          <Tag key={id} color={tag.Tag_Color || DEFAULT_TAG_COLOR} style={{ marginInlineEnd: 0 }}>
            {tag.Tag_Name}
          </Tag>
        ) : null;
      })}
    </Space>
  );
}

/** The list's tag filter: rows carrying the chosen tag. */
export function TagFilter(props: {
  tags: TagInfo[];
  value: number | undefined;
  onChange: (v?: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select<number>
      allowClear
      style={{ width: 150 }}
      placeholder={t('platform.tags.filter')}
      value={props.value}
      onChange={(v) => props.onChange(v ?? undefined)}
      options={props.tags.map((x) => ({
        value: x.ID,
        label: <Tag color={x.Tag_Color || DEFAULT_TAG_COLOR}>{x.Tag_Name}</Tag>,
      }))}
      data-testid="tag-filter"
    />
  );
}

export interface SetTagsDialogProps {
  def: EntityDef;
  menuId: number;
  /** Rows to tag; their current tags are preselected when there is one row. */
  rows: { id: number; tagValue: unknown }[];
  open: boolean;
  canManage: boolean;
  onClose: () => void;
}

/** Sets tags on rows (POST /TagInfo/SetTag), and creates or deletes the tags themselves. */
export function SetTagsDialog({ def, menuId, rows, open, canManage, onClose }: SetTagsDialogProps) {
  const { t } = useTranslation();
  const api = useApi();
  const qc = useQueryClient();
  const tags = useMenuTags(def, menuId);
  const setTags = useSetTags(def, menuId);
  const [chosen, setChosen] = useState<number[]>([]);
  const [mode, setMode] = useState<1 | 2 | 3>(1);
  const [name, setName] = useState('');
  const [color, setColor] = useState(DEFAULT_TAG_COLOR);

  // the parent hands a new array every render: the rows' identity is what matters
  const rowsKey = rows.map((r) => `${r.id}:${String(r.tagValue ?? '')}`).join('|');
  useEffect(() => {
    if (open) {
      setChosen(rows.length === 1 ? tagIds(rows[0].tagValue) : []);
      setMode(rows.length === 1 ? 1 : 2);
    }
  }, [open, rowsKey]);

  // every page's tags: a tag made here for all pages shows in the other open tabs too
  const reload = () => qc.invalidateQueries({ queryKey: platformKeys.allTags() });
  const create = async () => {
    const n = name.trim();
    if (!n) return void message.warning(t('platform.tags.nameRequired'));
    try {
      // a new tag belongs to this page; global tags are made on the tag page
      await api.post('/TagInfo', { Tag_Name: n, Tag_Color: color, DtlList: [{ Menu_ID: menuId }] });
      setName('');
      await reload();
    } catch {
      // shown by the client
    }
  };
  const remove = async (tag: TagInfo) => {
    try {
      await api.delete(`/TagInfo/${tag.ID}`);
      setChosen((c) => c.filter((x) => x !== tag.ID));
      await reload();
      await qc.invalidateQueries({ queryKey: ['entity', def.name] });
    } catch {
      // shown by the client
    }
  };
  const submit = async () => {
    try {
      await setTags.mutateAsync({ ids: rows.map((r) => r.id), tags: chosen, type: mode });
      void message.success(t('common.success'), 2);
      onClose();
    } catch {
      // shown by the client
    }
  };

  const toggle = (id: number) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  return (
    <Modal
      open={open}
      title={t('platform.tags.setTags')}
      onCancel={onClose}
      onOk={submit}
      okButtonProps={{ loading: setTags.isPending, 'data-testid': 'tags-save' }}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        {rows.length > 1 && (
          <Radio.Group
            value={mode}
            onChange={(e) => setMode(e.target.value)}
            options={[
              { value: 1, label: t('platform.tags.replace') },
              { value: 2, label: t('platform.tags.append') },
              { value: 3, label: t('platform.tags.remove') },
            ]}
          />
        )}
        <Flex wrap gap={8} data-testid="tags-choices">
          {(tags.data ?? []).map((tag) => (
            <Space key={tag.ID} size={0}>
              <Tag.CheckableTag
                checked={chosen.includes(tag.ID)}
                onChange={() => toggle(tag.ID)}
                style={{
                  border: `1px solid ${tag.Tag_Color || DEFAULT_TAG_COLOR}`,
                  ...(chosen.includes(tag.ID) ? { background: tag.Tag_Color || DEFAULT_TAG_COLOR } : {}),
                }}
                data-testid={`tag-choice-${tag.Tag_Name}`}
              >
                {tag.Tag_Name}
              </Tag.CheckableTag>
              {canManage && (
                <Popconfirm
                  title={t('platform.tags.confirmDelete', { name: tag.Tag_Name })}
                  onConfirm={() => remove(tag)}
                  okButtonProps={{ danger: true }}
                >
                  <Button
                    type="text"
                    size="small"
                    icon={<DeleteOutlined />}
                    aria-label={t('common.delete')}
                  />
                </Popconfirm>
              )}
            </Space>
          ))}
        </Flex>
        {canManage && (
          <Space.Compact style={{ width: '100%' }}>
            <ColorPicker value={color} onChange={(c) => setColor(c.toHexString())} disabledAlpha />
            <Input
              value={name}
              maxLength={30}
              placeholder={t('platform.tags.newTag')}
              onChange={(e) => setName(e.target.value)}
              onPressEnter={create}
              data-testid="tag-new-name"
            />
            <Button onClick={create} data-testid="tag-create">
              {t('platform.tags.create')}
            </Button>
          </Space.Compact>
        )}
      </Flex>
    </Modal>
  );
}
