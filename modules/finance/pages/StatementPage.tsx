import { FileExcelOutlined, PrinterOutlined } from '@ant-design/icons';
import { type ModulePageProps, RefSelect, useApi } from '@mes/engine-web/entity';
import { useLabel, useLang, useModuleText } from '@mes/engine-web/i18n';
import { fetchFile, type ReportColumn, ReportTable, saveBlob } from '@mes/engine-web/report';
import type { RefField } from '@mes/model';
import { Button, DatePicker, Empty, Modal, message, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { partnerLedger } from '../ledger.entity';
import { texts } from '../locales';
import { SideSwitch } from './SideSwitch';

const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

/**
 * 对账单: one customer's or supplier's entries over a period with the running balance, opening and
 * closing per currency; printed through the engine's PDF print and exported to Excel.
 */
export function StatementPage({ meta }: ModulePageProps) {
  const label = useLabel();
  const t = useModuleText(texts);
  const api = useApi();
  const lang = useLang();
  const [side, setSide] = useState(1);
  const [partner, setPartner] = useState<number | null>(null);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [pdf, setPdf] = useState<string | null>(null);
  useEffect(() => () => void (pdf && URL.revokeObjectURL(pdf)), [pdf]);
  const field = (
    side === 1 ? partnerLedger.fields.Customer_ID : partnerLedger.fields.Supplier_ID
  ) as RefField;
  const params = { Side: side, Partner_ID: partner ?? undefined, From: day(range?.[0]), To: day(range?.[1]) };
  const file = async (kind: 'Pdf' | 'Excel') => {
    try {
      const blob = await fetchFile(api.url(`/Finance/Statement/${kind}`, params), lang);
      if (kind === 'Pdf') setPdf(URL.createObjectURL(blob));
      else saveBlob(blob, `${label(meta.title)}.xlsx`);
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e), 2);
    }
  };
  const columns: ReportColumn[] = [
    { key: 'Currency_Code', label: t('report.currency'), width: 70 },
    { key: 'Posting_Date', label: t('report.date'), kind: 'date', width: 110 },
    { key: 'Doc_NO', label: t('report.docNo'), width: 160 },
    { key: 'Entry_Type_Name', label: t('report.entryType'), width: 110 },
    { key: 'Against_Doc_NO', label: t('report.settles'), width: 150 },
    { key: 'Due_Date', label: t('report.dueDate'), kind: 'date', width: 110 },
    { key: 'Increase', label: t('report.increase'), kind: 'decimal', scale: 2, sum: true },
    { key: 'Decrease', label: t('report.decrease'), kind: 'decimal', scale: 2, sum: true },
    { key: 'Balance', label: t('report.balance'), kind: 'decimal', scale: 2 },
  ];
  const filters = (
    <Space wrap>
      <SideSwitch
        value={side}
        onChange={(v) => {
          setSide(v);
          setPartner(null);
        }}
      />
      <div style={{ width: 220 }} data-testid="statement-partner">
        <RefSelect key={side} field={field} value={partner} onChange={setPartner} />
      </div>
      <DatePicker.RangePicker value={range} onChange={(v) => setRange(v)} data-testid="statement-range" />
      <Button
        icon={<PrinterOutlined />}
        disabled={!partner}
        onClick={() => void file('Pdf')}
        data-testid="statement-print"
      >
        {t('report.print')}
      </Button>
      <Button
        icon={<FileExcelOutlined />}
        disabled={!partner}
        onClick={() => void file('Excel')}
        data-testid="statement-excel"
      >
        {t('report.export')}
      </Button>
    </Space>
  );
  return (
    <>
      {partner ? (
        <ReportTable
          title={label(meta.title)}
          path="/Finance/Statement"
          rowKey="Row_Key"
          columns={columns}
          params={params}
          filters={filters}
          testId="statement-table"
        />
      ) : (
        <>
          {filters}
          <Empty description={t('report.pickPartner')} />
        </>
      )}
      <Modal
        open={!!pdf}
        width="80vw"
        footer={null}
        onCancel={() => setPdf(null)}
        destroyOnHidden
        title={label(meta.title)}
      >
        {pdf && <iframe title="statement" src={pdf} style={{ width: '100%', height: '75vh', border: 0 }} />}
      </Modal>
    </>
  );
}
