import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { authStorage } from '@mes/engine-web/api';
import { type Row, useApi } from '@mes/engine-web/entity';
import { useModuleText } from '@mes/engine-web/i18n';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Row as GridRow, List, message, Popconfirm, Typography, Upload } from 'antd';
import { texts } from '../locales';

/** The SOW's drawings to read and the supplier's own files on its quotation (while it is open). */
export function QuoteFiles({
  sowId,
  offerId,
  editable,
}: {
  sowId: number;
  offerId: number;
  editable: boolean;
}) {
  const t = useModuleText(texts);
  const api = useApi();
  const list = (table: string, code: number) =>
    useQuery({
      queryKey: ['srm', 'files', table, code],
      queryFn: () => api.data<Row[]>('/Attachment', { query: { BZ_Table: table, BZ_Code: code } }),
    });
  const drawings = list('Sow', sowId);
  const mine = list('Offer', offerId);
  const link = (f: Row) => (
    <Typography.Link href={api.url(`/Attachment/Download/${f.File_Code}`)} target="_blank">
      <PaperClipOutlined /> {String(f.File_Name)}
    </Typography.Link>
  );
  return (
    <GridRow gutter={16}>
      <Col span={12}>
        <Card size="small" title={t('portal.drawings')} data-testid="quote-drawings">
          <List
            size="small"
            dataSource={drawings.data ?? []}
            locale={{ emptyText: t('portal.noFiles') }}
            renderItem={(f) => <List.Item>{link(f)}</List.Item>}
          />
        </Card>
      </Col>
      <Col span={12}>
        <Card
          size="small"
          title={t('portal.myFiles')}
          data-testid="quote-files"
          extra={
            editable && (
              <Upload
                name="file"
                action={api.url('/Attachment/')}
                data={{ BZ_Table: 'Offer', BZ_Code: String(offerId), Attachment_Type: '1' }}
                headers={{
                  Authorization: authStorage().authorizationHeader() ?? '',
                  Accept: 'application/json',
                }}
                showUploadList={false}
                accept=".pdf,.doc,.docx,.xls,.xlsx,.png,.jpg,.jpeg"
                onChange={(info) => {
                  if (info.file.status !== 'done' && info.file.status !== 'error') return;
                  const res = info.file.response as { Code?: number; Message?: string } | undefined;
                  if (res?.Code === 0) void mine.refetch();
                  else void message.warning(res?.Message ?? t('portal.uploadFailed'));
                }}
              >
                <Button size="small" icon={<UploadOutlined />}>
                  {t('portal.upload')}
                </Button>
              </Upload>
            )
          }
        >
          <List
            size="small"
            dataSource={mine.data ?? []}
            locale={{ emptyText: t('portal.noFiles') }}
            renderItem={(f) => (
              <List.Item
                actions={
                  editable
                    ? [
                        <Popconfirm
                          key="rm"
                          title={t('portal.removeFile', { file: f.File_Name })}
                          onConfirm={async () => {
                            await api.delete(`/Attachment/${f.File_Code}`);
                            await mine.refetch();
                          }}
                        >
                          <Typography.Link type="danger">{t('portal.remove')}</Typography.Link>
                        </Popconfirm>,
                      ]
                    : []
                }
              >
                {link(f)}
              </List.Item>
            )}
          />
        </Card>
      </Col>
    </GridRow>
  );
}
