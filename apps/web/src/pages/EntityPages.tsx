import { authStorage } from '@mes/engine-web/api';
import { EntityFormPage, EntityListPage, useEntityDef } from '@mes/engine-web/entity';
import { useLabel } from '@mes/engine-web/i18n';
import { useNavigate } from 'react-router';
import { useTabs } from '../layout/TabsContext';
import type { RouteMeta } from '../shell/menu';
import { Placeholder } from './Placeholder';

/** A menu page with Entity_Name is the generic list of that entity; nothing is written per entity. */
export function EntityListRoute({ meta, entity }: { meta: RouteMeta; entity?: string }) {
  const label = useLabel();
  const def = useEntityDef(entity ?? meta.Entity_Name ?? '');
  // a declared entity the web build does not know yet (its module is not shipped): the placeholder
  if (!def) return <Placeholder meta={meta} />;
  return (
    <EntityListPage
      key={def.name}
      def={def}
      title={label(meta.title)}
      buttons={meta.buttons ? new Set(meta.buttons) : undefined}
      menuId={meta.Menu_ID}
      userId={Number(authStorage().getUserId()) || undefined}
    />
  );
}

/** `{page}/new` and `{page}/{id}`: the form as a page of its own, for links from messages and elsewhere. */
export function EntityRecordRoute({
  meta,
  id,
  listTitle,
}: {
  meta: RouteMeta;
  id: number | 'new';
  listTitle?: RouteMeta['title'];
}) {
  const def = useEntityDef(meta.Entity_Name ?? '');
  const navigate = useNavigate();
  const { rename } = useTabs();
  if (!def) return <Placeholder meta={meta} />;
  const listPath = meta.path.slice(0, meta.path.lastIndexOf('/'));
  const mayEdit = !meta.buttons || meta.buttons.includes(id === 'new' ? 'add' : 'edit');
  return (
    <EntityFormPage
      key={id}
      def={def}
      id={id === 'new' ? null : id}
      readOnly={def.kind === 'log' || !mayEdit}
      menuId={meta.Menu_ID}
      buttons={meta.buttons ? new Set(meta.buttons) : undefined}
      onDone={() => navigate(listPath)}
      // the saved record gets its own address, so that its tab and a reload show it
      onCreated={(saved) => navigate(`${listPath}/${saved}`, { replace: true })}
      // the tab reads 库存单据 IV2026110055, not the record's internal id
      onNamed={(name) =>
        listTitle && rename(meta.path, { zh: `${listTitle.zh} ${name}`, en: `${listTitle.en} ${name}` })
      }
    />
  );
}
