import { useModuleText } from '@mes/engine-web/i18n';
import { Radio } from 'antd';
import { texts } from '../locales';

/** Receivable or payable: which ledger a report reads. */
export function SideSwitch({ value, onChange }: { value: number; onChange: (v: number) => void }) {
  const t = useModuleText(texts);
  return (
    <Radio.Group
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      optionType="button"
      data-testid="fin-side"
      options={[
        { value: 1, label: t('side.receivable') },
        { value: 2, label: t('side.payable') },
      ]}
    />
  );
}
