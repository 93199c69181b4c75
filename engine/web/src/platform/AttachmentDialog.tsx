import {
  CameraOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EyeOutlined,
  PaperClipOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { attachmentType, type EntityDef, PHOTO_ACCEPT, UPLOAD_ACCEPT } from '@mes/model';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Image,
  Modal,
  Popconfirm,
  Space,
  Table,
  type TableColumnsType,
  Tooltip,
  Upload,
  type UploadProps,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authStorage } from '../api';
import { useApi } from '../entity/context';
import { formatDateTime } from '../entity/format';
import { usePhone } from '../entity/phone';
import { useLang } from '../i18n';
import { type AttachmentRow, platformKeys } from './api';
import { fetchFile, saveBlob } from './download';

export const ATTACHMENT_DIALOG_WIDTH = 700;
/** The server's default limit (ATTACHMENT_MAX_MB); it refuses bigger files whatever this says. */
export const ATTACHMENT_MAX_MB = 20;

/** Why a chosen file is refused before it is sent, or null (the server checks the content again). */
export function fileProblem(file: { name: string; size: number }): 'badType' | 'tooLarge' | null {
  if (!attachmentType(file.name)) return 'badType';
  if (file.size > ATTACHMENT_MAX_MB * 1024 * 1024) return 'tooLarge';
  return null;
}

function sizeText(n: number | null): string {
  if (!n) return '';
  return n < 1024
    ? `${n} B`
    : n < 1024 * 1024
      ? `${(n / 1024).toFixed(1)} KB`
      : `${(n / 1024 / 1024).toFixed(1)} MB`;
}

export function useAttachments(def: EntityDef, id: number | null, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: platformKeys.attachments(def.name, id ?? 0),
    queryFn: ({ signal }) =>
      api.data<AttachmentRow[]>('/Attachment', { query: { BZ_Code: id, BZ_Table: def.name }, signal }),
    enabled: enabled && !!id && !!def.features.attachments,
  });
}

/** The attachment button of a form: a count, and the dialog with upload, list, preview, download, removal. */
export function AttachmentButton({
  def,
  id,
  readOnly,
}: {
  def: EntityDef;
  id: number | null;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const list = useAttachments(def, id);
  const count = list.data?.length ?? 0;
  const button = (
    <Button
      icon={<PaperClipOutlined />}
      disabled={!id}
      onClick={() => setOpen(true)}
      data-testid="attachments-open"
    >
      {t('platform.attachments.button')}
      {count ? ` (${count})` : ''}
    </Button>
  );
  return (
    <>
      {id ? button : <Tooltip title={t('platform.attachments.saveFirst')}>{button}</Tooltip>}
      {id && (
        <AttachmentDialog def={def} id={id} open={open} readOnly={readOnly} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

export function AttachmentDialog(props: {
  def: EntityDef;
  id: number;
  open: boolean;
  readOnly?: boolean;
  onClose: () => void;
}) {
  const { def, id, open, readOnly, onClose } = props;
  const { t } = useTranslation();
  const lang = useLang();
  const api = useApi();
  const qc = useQueryClient();
  const list = useAttachments(def, id, open);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const phone = usePhone();
  const reload = () => qc.invalidateQueries({ queryKey: platformKeys.attachments(def.name, id) });

  const download = async (r: AttachmentRow) => {
    try {
      saveBlob(await fetchFile(api.url(`/Attachment/Download/${r.File_Code}`), lang), r.File_Name);
    } catch (e) {
      setError(e instanceof Error ? e.message : t('errors.unknown'));
    }
  };
  const remove = async (r: AttachmentRow) => {
    try {
      await api.delete(`/Attachment/${r.File_Code}`);
      await reload();
    } catch {
      // the client showed the server's message
    }
  };

  // one upload's settings, for the file chooser and (on a phone) the camera
  const uploadProps: UploadProps = {
    action: api.url('/Attachment/'),
    name: 'file',
    showUploadList: false,
    maxCount: 1,
    data: (file) => ({ BZ_Table: def.name, BZ_Code: String(id), File_Name: file.name }),
    headers: {
      Authorization: authStorage().authorizationHeader() ?? '',
      Accept: 'application/json',
      'Accept-Language': lang,
    },
    beforeUpload: (file) => {
      const p = fileProblem(file);
      if (!p) return true;
      setError(t(`platform.attachments.${p}`, { limit: ATTACHMENT_MAX_MB }));
      return Upload.LIST_IGNORE;
    },
    onChange: (info) => {
      if (info.file.status === 'uploading') return setUploading(true);
      setUploading(false);
      const r = info.file.response as { Code?: number; Message?: string } | undefined;
      if (r?.Code === 0) {
        setError(null);
        void reload();
      } else setError(r?.Message || t('platform.attachments.saveFailed'));
    },
  };

  return (
    <Modal
      open={open}
      title={t('platform.attachments.title')}
      width={ATTACHMENT_DIALOG_WIDTH}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      destroyOnHidden
      data-testid="attachments-dialog"
    >
      {error && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setError(null) }}
          title={error}
          style={{ marginBottom: 12 }}
          data-testid="attachments-error"
        />
      )}
      {!readOnly && (
        <Space wrap>
          <Upload {...uploadProps} accept={UPLOAD_ACCEPT}>
            <Button icon={<UploadOutlined />} loading={uploading} data-testid="attachments-upload">
              {t('platform.attachments.upload')}
            </Button>
          </Upload>
          {/* a phone takes the photo straight from its camera (spec: photos, jpg or png, are attachments) */}
          {phone && (
            <Upload {...uploadProps} accept={PHOTO_ACCEPT} capture="environment">
              <Button icon={<CameraOutlined />} loading={uploading} data-testid="attachments-photo">
                {t('platform.attachments.photo')}
              </Button>
            </Upload>
          )}
        </Space>
      )}
      <Table<AttachmentRow>
        style={{ marginTop: 12 }}
        size="small"
        rowKey="File_Code"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: t('platform.attachments.empty') }}
        data-testid="attachments-table"
        columns={(
          [
            {
              key: 'name',
              dataIndex: 'File_Name',
              title: t('platform.attachments.fileName'),
              ellipsis: true,
            },
            // a phone shows the name and the actions; size, uploader and time have no room beside them
            {
              key: 'size',
              title: t('platform.attachments.size'),
              width: 90,
              render: (_v, r) => sizeText(r.File_Size),
            },
            { key: 'by', dataIndex: 'Creater_Name', title: t('platform.attachments.uploader'), width: 100 },
            {
              key: 'at',
              title: t('platform.attachments.time'),
              width: 160,
              render: (_v, r) => formatDateTime(r.Created_At),
            },
            {
              key: 'actions',
              width: 110,
              render: (_v, r) => (
                <Space size={0}>
                  {r.Attachment_Type === 2 && (
                    <Button
                      type="link"
                      size="small"
                      icon={<EyeOutlined />}
                      aria-label={t('platform.attachments.preview')}
                      onClick={() => setPreview(api.url(`/Attachment/GetImg/${r.File_Path}`))}
                      data-testid={`attachment-preview-${r.File_Name}`}
                    />
                  )}
                  <Button
                    type="link"
                    size="small"
                    icon={<DownloadOutlined />}
                    aria-label={t('platform.attachments.download')}
                    onClick={() => download(r)}
                    data-testid={`attachment-download-${r.File_Name}`}
                  />
                  {!readOnly && (
                    <Popconfirm
                      title={t('platform.attachments.confirmRemove', { file: r.File_Name })}
                      okButtonProps={{ danger: true, 'data-testid': 'attachment-remove-confirm' }}
                      onConfirm={() => remove(r)}
                    >
                      <Button
                        type="link"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('common.delete')}
                        data-testid={`attachment-remove-${r.File_Name}`}
                      />
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ] satisfies TableColumnsType<AttachmentRow>
        ).filter((c) => !phone || c.key === 'name' || c.key === 'actions')}
      />
      {preview && (
        // antd's preview brings the toolbar: zoom, rotate, flip
        <Image
          style={{ display: 'none' }}
          src={preview}
          preview={{ open: true, onOpenChange: (v) => !v && setPreview(null) }}
        />
      )}
    </Modal>
  );
}
