import {
  ApartmentOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  LockOutlined,
  PlusOutlined,
  UnlockOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { RefSelect, useApi } from '@mes/engine-web/entity';
import { useLabel, useLang, useModuleText } from '@mes/engine-web/i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TreeProps } from 'antd';
import {
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Row as GridRow,
  Popconfirm,
  Space,
  Table,
  Tag,
  Tree,
  Typography,
  Upload,
} from 'antd';
import { useMemo, useState } from 'react';
import { bom as bomDef } from '../bom.entity';
import { texts } from '../locales';
import { CopySubtreeDialog, LockRequestDialog } from './BomActionDialogs';
import { CostDialog, ExplodeDialog, NewBomDialog, NodeDialog, WhereUsedDialog } from './BomDialogs';
import { type BomNodeRow, buildTree, type TreeData } from './bomTree';

interface BomHead {
  Bom_ID: number;
  List_NO: string;
  Material_ID: number;
  Material_Name: string;
  BOM_Version: number;
  Is_Default: boolean;
  Status: number;
  Lock_Notes: string | null;
  Lock_Date: string | null;
  Version: number;
}
/** The BOM editor (/PD/record/bom): BOM versions on the left, the tree of the chosen one on the right. */
export function BomEditor({ meta }: { meta: { buttons?: string[] } }) {
  const t = useModuleText(texts);
  const label = useLabel();
  const api = useApi();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const may = (b: string) => !meta.buttons || meta.buttons.includes(b);
  const [product, setProduct] = useState<number | null>(null);
  const [bomId, setBomId] = useState<number | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [dialog, setDialog] = useState<
    null | 'add' | 'edit' | 'copy' | 'explode' | 'cost' | 'where' | 'lock' | 'new'
  >(null);

  const list = useQuery({
    queryKey: ['prod', 'boms', product],
    queryFn: () =>
      api.data<BomHead[]>('/Bom', {
        query: { PageSize: 100, Sort: '-Bom_ID', Material_ID: product ?? undefined },
      }),
  });
  const tree = useQuery({
    queryKey: ['prod', 'bomTree', bomId],
    queryFn: () => api.data<{ Bom: BomHead; Nodes: BomNodeRow[] }>(`/Bom/${bomId}/Tree`),
    enabled: bomId !== null,
  });
  const head = tree.data?.Bom;
  const nodes = tree.data?.Nodes ?? [];
  const locked = head?.Status === 1;
  const current = nodes.find((n) => n.ID === selected) ?? null;
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: ['prod'] });
  };
  const act = async (fn: () => Promise<unknown>, done?: string) => {
    try {
      await fn();
      message.success(done ?? t('ok'));
      await refresh();
      return true;
    } catch {
      return false; // the api client has shown the server's message
    }
  };

  const lang = useLang();
  const data = useMemo(() => buildTree(nodes, lang), [nodes, lang]);
  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragged = Number(info.dragNode.key);
    const target = Number(info.node.key);
    const targetRow = nodes.find((n) => n.ID === target);
    if (!targetRow) return;
    let parent: number | null;
    let index: number;
    if (!info.dropToGap) {
      parent = target;
      index = 0;
    } else {
      parent = targetRow.Parent_ID;
      const siblings = nodes
        .filter((n) => n.Parent_ID === parent && n.ID !== dragged)
        .sort((a, b) => a.Ser_NO - b.Ser_NO || a.ID - b.ID);
      const rel = info.dropPosition - Number(String(info.node.pos).split('-').pop());
      index = siblings.findIndex((s) => s.ID === target) + (rel > 0 ? 1 : 0);
    }
    void act(() => api.post('/BomNode/Move', { ID: dragged, Parent_ID: parent, Index: Math.max(0, index) }));
  };

  const bomColumns = [
    { title: 'BOM', dataIndex: 'List_NO', width: 110 },
    { title: t('product'), dataIndex: 'Material_Name', ellipsis: true },
    { title: t('version'), dataIndex: 'BOM_Version', width: 56 },
    {
      title: '',
      width: 90,
      render: (_: unknown, r: BomHead) => (
        <Space size={2}>
          {r.Is_Default && <Tag color="blue">{t('default')}</Tag>}
          {r.Status === 1 && <LockOutlined title={t('locked')} />}
        </Space>
      ),
    },
  ];

  return (
    <GridRow gutter={12} data-testid="bom-editor">
      <Col xs={24} lg={8}>
        <Card
          size="small"
          title={t('boms')}
          extra={
            may('add') && (
              <Button
                size="small"
                icon={<PlusOutlined />}
                onClick={() => setDialog('new')}
                data-testid="bom-new"
              >
                {t('newBom')}
              </Button>
            )
          }
        >
          <div style={{ marginBottom: 8 }} data-testid="bom-product-filter">
            <RefSelect
              field={bomDef.fields.Material_ID}
              value={product}
              onChange={(v) => setProduct((v as number) ?? null)}
            />
          </div>
          <Table<BomHead>
            size="small"
            rowKey="Bom_ID"
            loading={list.isLoading}
            dataSource={list.data ?? []}
            columns={bomColumns}
            pagination={{ pageSize: 15, size: 'small' }}
            rowClassName={(r) => (r.Bom_ID === bomId ? 'ant-table-row-selected' : '')}
            onRow={(r) => ({
              onClick: () => {
                setBomId(r.Bom_ID);
                setSelected(null);
              },
              style: { cursor: 'pointer' },
            })}
            data-testid="bom-list"
          />
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        {!head ? (
          <Card>
            <Empty description={t('selectBom')} />
          </Card>
        ) : (
          <Card
            size="small"
            title={
              <Space>
                <ApartmentOutlined />
                <span data-testid="bom-title">
                  {head.List_NO} · {head.Material_Name} · V{head.BOM_Version}
                </span>
                {head.Is_Default && <Tag color="blue">{t('default')}</Tag>}
                <Tag color={locked ? 'red' : 'green'} data-testid="bom-lock-state">
                  {locked ? t('locked') : t('unlocked')}
                </Tag>
              </Space>
            }
          >
            <div style={{ marginBottom: 8 }}>
              <Space wrap size={4}>
                <Button size="small" onClick={() => setDialog('explode')} data-testid="bom-explode">
                  {t('explode')}
                </Button>
                <Button size="small" onClick={() => setDialog('cost')} data-testid="bom-cost">
                  {t('cost')}
                </Button>
                <Button size="small" onClick={() => setDialog('where')}>
                  {t('whereUsed')}
                </Button>
                {may('add') && (
                  <Button
                    size="small"
                    onClick={() => act(() => api.post('/Bom/NewVersion', { Bom_ID: head.Bom_ID }))}
                    data-testid="bom-new-version"
                  >
                    {t('newVersion')}
                  </Button>
                )}
                {may('edit') && !head.Is_Default && (
                  <Button
                    size="small"
                    onClick={() => act(() => api.post('/Bom/SetDefault', { Bom_ID: head.Bom_ID }))}
                  >
                    {t('setDefault')}
                  </Button>
                )}
                <Button
                  size="small"
                  icon={locked ? <UnlockOutlined /> : <LockOutlined />}
                  onClick={() => setDialog('lock')}
                  data-testid="bom-request-lock"
                >
                  {locked ? t('requestUnlock') : t('requestLock')}
                </Button>
                {may('export') && (
                  <Button
                    size="small"
                    icon={<DownloadOutlined />}
                    href={api.url(`/Bom/${head.Bom_ID}/ExportTree`)}
                  >
                    {t('exportExcel')}
                  </Button>
                )}
                {may('import') && !locked && (
                  <Upload
                    accept=".xlsx"
                    showUploadList={false}
                    customRequest={async ({ file }) => {
                      const form = new FormData();
                      form.append('file', file as Blob);
                      await act(() =>
                        api.request(`/Bom/${head.Bom_ID}/ImportTree`, { method: 'POST', body: form }),
                      );
                    }}
                  >
                    <Button size="small" icon={<UploadOutlined />}>
                      {t('importExcel')}
                    </Button>
                  </Upload>
                )}
              </Space>
            </div>
            {locked && (
              <Descriptions size="small" column={2} style={{ marginBottom: 8 }}>
                <Descriptions.Item label={t('lockNotes')}>{head.Lock_Notes}</Descriptions.Item>
                <Descriptions.Item label={label(bomDef.fields.Lock_Date.label)}>
                  {head.Lock_Date?.slice(0, 10)}
                </Descriptions.Item>
              </Descriptions>
            )}
            <Space style={{ marginBottom: 8 }} wrap>
              {may('add') && !locked && (
                <Button
                  type="primary"
                  size="small"
                  icon={<PlusOutlined />}
                  onClick={() => {
                    setSelected(null);
                    setDialog('add');
                  }}
                  data-testid="bom-add-root"
                >
                  {t('addRoot')}
                </Button>
              )}
              {current && !locked && may('add') && (
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  onClick={() => setDialog('add')}
                  data-testid="bom-add-child"
                >
                  {t('addChild')}
                </Button>
              )}
              {current && !locked && may('edit') && (
                <Button size="small" icon={<EditOutlined />} onClick={() => setDialog('edit')}>
                  {t('editNode')}
                </Button>
              )}
              {current && may('edit') && (
                <Button
                  size="small"
                  icon={<CopyOutlined />}
                  onClick={() => setDialog('copy')}
                  data-testid="bom-copy"
                >
                  {t('copySubtree')}
                </Button>
              )}
              {current && !locked && may('delete') && (
                <Popconfirm
                  title={t('deleteConfirm')}
                  onConfirm={() =>
                    act(() => api.delete(`/BomNode/${current.ID}`)).then(() => setSelected(null))
                  }
                >
                  <Button size="small" danger icon={<DeleteOutlined />} data-testid="bom-delete-node">
                    {t('deleteNode')}
                  </Button>
                </Popconfirm>
              )}
              {!locked && <Typography.Text type="secondary">{t('dragHint')}</Typography.Text>}
            </Space>
            {nodes.length ? (
              <Tree<TreeData>
                treeData={data}
                defaultExpandAll
                key={`${head.Bom_ID}-${nodes.length}`}
                draggable={!locked && may('edit') ? { icon: false } : false}
                blockNode
                selectedKeys={selected ? [selected] : []}
                onSelect={(keys) => setSelected(keys.length ? Number(keys[0]) : null)}
                onDrop={onDrop}
                data-testid="bom-tree"
              />
            ) : (
              <Empty description={t('emptyTree')} />
            )}
          </Card>
        )}
      </Col>

      {dialog === 'new' && (
        <NewBomDialog
          onClose={() => setDialog(null)}
          onDone={async (id) => {
            setDialog(null);
            await refresh();
            setBomId(id);
          }}
        />
      )}
      {(dialog === 'add' || dialog === 'edit') && head && (
        <NodeDialog
          bomId={head.Bom_ID}
          parent={dialog === 'add' ? (current?.ID ?? null) : (current?.Parent_ID ?? null)}
          node={dialog === 'edit' ? current : null}
          onClose={() => setDialog(null)}
          onSaved={async () => {
            setDialog(null);
            await refresh();
          }}
        />
      )}
      {dialog === 'copy' && current && head && (
        <CopySubtreeDialog
          bomId={head.Bom_ID}
          current={current}
          nodes={nodes}
          act={act}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'lock' && head && (
        <LockRequestDialog bomId={head.Bom_ID} locked={locked} act={act} onClose={() => setDialog(null)} />
      )}
      {dialog === 'explode' && head && <ExplodeDialog bomId={head.Bom_ID} onClose={() => setDialog(null)} />}
      {dialog === 'cost' && head && (
        <CostDialog bomId={head.Bom_ID} nodes={nodes} onClose={() => setDialog(null)} />
      )}
      {dialog === 'where' && (
        <WhereUsedDialog
          initial={current?.Material_ID ?? null}
          initialLabel={current ? `${current.Material_Number} ${current.Material_Name}` : undefined}
          onClose={() => setDialog(null)}
        />
      )}
    </GridRow>
  );
}
