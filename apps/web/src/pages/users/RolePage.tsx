import { SafetyOutlined } from '@ant-design/icons';
import { authStorage } from '@mes/engine-web/api';
import { EntityListPage, type Row, useEntityDef } from '@mes/engine-web/entity';
import { useLabel } from '@mes/engine-web/i18n';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Placeholder } from '../Placeholder';
import type { PageProps } from '../registry';
import { GrantsDrawer } from './GrantsDrawer';

/** Roles: the generic list (grants lines hidden from its form) and the grants edited as a tree. */
export function RolePage({ meta }: PageProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const def = useEntityDef('Role');
  const [role, setRole] = useState<Row | null>(null);
  if (!def) return <Placeholder meta={meta} />;
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
            {t('app.roles.grants')}
          </Button>
        )}
      />
      <GrantsDrawer
        roleId={role ? Number(role.Role_ID) : null}
        roleName={String(role?.Role_Name ?? '')}
        readOnly={!mayEdit}
        onClose={() => setRole(null)}
      />
    </>
  );
}
