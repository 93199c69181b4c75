import {
  EntityListPage,
  entityKeys,
  type ModulePageProps,
  SUCCESS_TOAST_SECONDS,
  useApi,
  useEntityDef,
  useListProps,
} from '@mes/engine-web/entity';
import { useModuleText } from '@mes/engine-web/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { Button, message } from 'antd';
import { texts } from '../locales';
import { machineConserve } from '../maintain.entity';

/** 保养计划: the generated occurrences, and the job run on demand (it also runs on a timer). */
export function PlansPage({ meta }: ModulePageProps) {
  const t = useModuleText(texts);
  const api = useApi();
  const qc = useQueryClient();
  const def = useEntityDef(machineConserve.name);
  const props = useListProps(meta);
  const generate = async () => {
    const r = await api.post<{ Made: number }>('/MachineConserve/Generate');
    void message.success(t('plans.generated', { n: r.Data.Made }), SUCCESS_TOAST_SECONDS);
    await qc.invalidateQueries({ queryKey: entityKeys.all(machineConserve.name) });
  };
  return (
    <>
      {(!meta.buttons || meta.buttons.includes('add')) && (
        <Button style={{ marginBottom: 12 }} onClick={() => void generate()} data-testid="em-generate">
          {t('plans.generate')}
        </Button>
      )}
      {def && <EntityListPage def={def} {...props} />}
    </>
  );
}
