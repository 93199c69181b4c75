import {
  EntityListPage,
  type ModulePageProps,
  RefSelect,
  useEntityDef,
  useListProps,
} from '@mes/engine-web/entity';
import { useModuleText } from '@mes/engine-web/i18n';
import { Space, Typography } from 'antd';
import { useState } from 'react';
import { texts } from '../locales';
import { task } from '../task.entity';
import { ProjectGantt } from './ProjectGantt';

/** 任务: the Gantt of the chosen project above the generic list of tasks (of that project, or all). */
export function TaskPage({ meta }: ModulePageProps) {
  const t = useModuleText(texts);
  const def = useEntityDef(task.name);
  const props = useListProps(meta);
  const [projectId, setProjectId] = useState<number | null>(null);
  if (!def) return null;
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Typography.Text>{t('gantt.project')}</Typography.Text>
        <div style={{ width: 280 }} data-testid="pm-task-project">
          <RefSelect field={task.fields.Project_ID} value={projectId} onChange={setProjectId} />
        </div>
      </Space>
      {projectId ? (
        <ProjectGantt projectId={projectId} />
      ) : (
        <Typography.Paragraph type="secondary">{t('gantt.pickProject')}</Typography.Paragraph>
      )}
      <EntityListPage def={def} {...props} filters={projectId ? { Project_ID: projectId } : undefined} />
    </>
  );
}
