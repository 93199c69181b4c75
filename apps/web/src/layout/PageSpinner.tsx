/** A page still loading: plain, so that showing it does not wait for antd (issue 24). */
export function PageSpinner({ inline }: { inline?: boolean }) {
  return <span className={inline ? 'page-spinner page-spinner-inline' : 'page-spinner'} role="progressbar" />;
}
