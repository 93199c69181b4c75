import { pageOfEntity, type RecordLink, type Registry } from '@mes/model';
import { Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useInRouterContext, useLocation, useNavigate } from 'react-router';
import { useEngine } from './context';
import type { Row } from './format';

/** The entity and id a link cell of `row` opens, or null when the row names none (or none known). */
export function linkTarget(link: RecordLink, row: Row, registry: Registry | undefined) {
  const id = Number(row[link.id]);
  const entity = typeof link.entity === 'string' ? link.entity : link.entity.map[Number(row[link.entity.by])];
  if (!registry || !entity || !Number.isInteger(id) || id <= 0) return null;
  const page = pageOfEntity(registry, entity);
  return page ? { id, path: `${page.path}?open=${id}` } : null;
}

function Anchor(props: { onGo: () => void; children: ReactNode }) {
  return (
    <Typography.Link
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        props.onGo();
      }}
    >
      {props.children}
    </Typography.Link>
  );
}

function RoutedLink(props: { path: string; children: ReactNode }) {
  const navigate = useNavigate();
  return <Anchor onGo={() => navigate(props.path)}>{props.children}</Anchor>;
}

/** A cell that opens the record the row names (RecordLink), or its text alone when it names none. */
export function RecordLinkCell(props: { link: RecordLink; row: Row; children: string }) {
  const { registry } = useEngine();
  const routed = useInRouterContext();
  const to = linkTarget(props.link, props.row, registry);
  if (!to || !props.children || !routed) return <>{props.children}</>;
  return <RoutedLink path={to.path}>{props.children}</RoutedLink>;
}

/**
 * Opens the record a link asked for with `?open=<id>` in the address: when the page mounts, or
 * when it is open in its tab already and a link leads to it again.
 */
function OpenFromLocation(props: { open: (id: number) => void }) {
  const { search } = useLocation();
  const { open } = props;
  const asked = Number(new URLSearchParams(search).get('open'));
  // once per request: `open` is a new function at every render of the list
  useEffect(() => {
    if (Number.isInteger(asked) && asked > 0) open(asked);
  }, [asked]);
  return null;
}

/** Rendered by a list page: outside a router (some tests) there is no address to ask. */
export function OpenRequest(props: { open: (id: number) => void }) {
  return useInRouterContext() ? <OpenFromLocation open={props.open} /> : null;
}
