import {
  EntityListPage,
  entityKeys,
  type ModulePageProps,
  type Row,
  SUCCESS_TOAST_SECONDS,
  useApi,
  useEntityDef,
  useListProps,
} from '@mes/engine-web/entity';
import { useModuleText } from '@mes/engine-web/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { Button, message } from 'antd';
import { texts } from '../locales';
import { type RepairAction, repairActionsFrom } from '../logic/repairFlow';
import { machineRepair, repairRequest } from '../repair.entity';
import { SuggestPanel } from './SuggestPanel';

/** One button per action the repair's transition table allows from the row's status. */
function useActions(entity: string, key: string, only: readonly RepairAction[]) {
  const t = useModuleText(texts);
  const api = useApi();
  const qc = useQueryClient();
  const run = async (action: RepairAction, row: Row) => {
    await api.post(`/${entity}/${action}`, { [key]: Number(row[key]) });
    void message.success(t('actions.done', { action: t(`actions.${action}`) }), SUCCESS_TOAST_SECONDS);
    await qc.invalidateQueries({ queryKey: entityKeys.all(repairRequest.name) });
    await qc.invalidateQueries({ queryKey: entityKeys.all(machineRepair.name) });
  };
  return (row: Row) =>
    repairActionsFrom(Number(row.Repair_Status))
      .filter((a) => only.includes(a))
      .map((a) => (
        <Button
          key={a}
          type="link"
          size="small"
          onClick={() => void run(a, row)}
          data-testid={`em-${a}-${row[key]}`}
        >
          {t(`actions.${a}`)}
        </Button>
      ));
}

/** 报修: the generic list, accept and cancel per row, and the knowledge that matches what is typed. */
export function RepairRequestPage({ meta }: ModulePageProps) {
  const def = useEntityDef(repairRequest.name);
  const props = useListProps(meta);
  const actions = useActions(repairRequest.name, 'Request_ID', ['Accept', 'Cancel']);
  return (
    <>
      <SuggestPanel />
      {def && <EntityListPage def={def} {...props} rowActions={actions} />}
    </>
  );
}

/** 维修: the generic list with start, finish, the requester's acceptance and sending back. */
export function MachineRepairPage({ meta }: ModulePageProps) {
  const def = useEntityDef(machineRepair.name);
  const props = useListProps(meta);
  const actions = useActions(machineRepair.name, 'Repair_ID', ['Start', 'Finish', 'Confirm', 'Reopen']);
  return def ? <EntityListPage def={def} {...props} rowActions={actions} /> : null;
}
