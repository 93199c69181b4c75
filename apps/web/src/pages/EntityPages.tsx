import { EntityFormPage, EntityListPage, useEntityDef } from '@mes/engine-web/entity';
import { useLabel } from '@mes/engine-web/i18n';
import type { MenuPage } from '@mes/model';
import { Navigate, useNavigate, useParams } from 'react-router';

/** A menu page with `entity` is the generic list; nothing is written per entity. */
export function EntityListRoute({ page }: { page: MenuPage }) {
  const label = useLabel();
  const def = useEntityDef(page.entity ?? '');
  if (!def) return <Navigate to="/404" replace />;
  return <EntityListPage key={def.name} def={def} title={label(page.label)} />;
}

/** `{page.path}/new` and `{page.path}/{id}`: the form as a page, for links from elsewhere. */
export function EntityFormRoute({ page }: { page: MenuPage }) {
  const def = useEntityDef(page.entity ?? '');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const numeric = /^\d{1,15}$/.test(id) ? Number(id) : null;
  if (!def || (id !== 'new' && !numeric)) return <Navigate to="/404" replace />;
  return (
    <EntityFormPage
      key={id}
      def={def}
      id={numeric}
      readOnly={def.kind === 'log'}
      onDone={() => navigate(page.path)}
    />
  );
}
