import { SafetyOutlined } from '@ant-design/icons';
import { authStorage } from '@mes/engine-web/api';
import { EntityListPage, type ModulePageProps, type Row, useEntityDef } from '@mes/engine-web/entity';
import { useLabel, useLang, useModuleText } from '@mes/engine-web/i18n';
import { localText } from '@mes/model';
import { Button } from 'antd';
import { useState } from 'react';
import { texts } from '../locales';
import { GrantsDrawer } from './GrantsDrawer';

/** Roles: the generic list (grants lines hidden from its form) and the grants edited as a tree. */
export function RolePage({ meta }: ModulePageProps) {
  const t = useModuleText(texts);
  const label = useLabel();
  const lang = useLang();
  const def = useEntityDef('Role');
  const [role, setRole] = useState<Row | null>(null);
  if (!def) return null;
  const mayEdit = !meta.buttons || meta.buttons.includes('edit');
  return (
    <>
      <EntityListPage
        def={def}
        title={label(meta.title)}
        buttons={meta.buttons ? new Set(meta.buttons) : undefined}
        menuId={meta.Menu_ID}
        userId={Number(authStorage().getUserId()) || undefined}
        hiddenLines={['Grants']}
        rowActions={(row) => (
          <Button
            type="link"
            size="small"
            icon={<SafetyOutlined />}
            onClick={() => setRole(row)}
            data-testid={`role-grants-${row.Role_ID}`}
          >
            {t('roles.grants')}
          </Button>
        )}
      />
      <GrantsDrawer
        roleId={role ? Number(role.Role_ID) : null}
        roleName={String((role && localText(role, 'Role_Name', lang)) ?? '')}
        readOnly={!mayEdit}
        onClose={() => setRole(null)}
      />
    </>
  );
}
