import { Anchor, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Doc } from '../../content/types';

/** A headed document with a table of contents beside it on wide screens. */
export function DocView({ doc, anchors = true }: { doc: Doc; anchors?: boolean }) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', gap: 32, alignItems: 'flex-start' }}>
      <article style={{ flex: 1, minWidth: 0, maxWidth: 860 }} data-testid="doc">
        <Typography.Title level={2}>{doc.title}</Typography.Title>
        <Typography.Text type="secondary">{t('app.legal.updated', { date: doc.updated })}</Typography.Text>
        <Typography.Paragraph style={{ marginTop: 16, fontSize: 15 }}>{doc.intro}</Typography.Paragraph>
        {doc.sections.map((s) => (
          <section key={s.id} id={`doc-${s.id}`}>
            <Typography.Title level={4} style={{ marginTop: 28 }}>
              {s.heading}
            </Typography.Title>
            {s.paragraphs.map((p) => (
              <Typography.Paragraph key={p} style={{ lineHeight: 1.8 }}>
                {p}
              </Typography.Paragraph>
            ))}
          </section>
        ))}
      </article>
      {anchors && (
        <nav className="doc-toc" style={{ width: 220, flex: 'none' }}>
          <Typography.Text strong>{t('app.sop.contents')}</Typography.Text>
          <Anchor
            offsetTop={16}
            getContainer={() => (document.querySelector('.shell-page') as HTMLElement) ?? window}
            items={doc.sections.map((s) => ({ key: s.id, href: `#doc-${s.id}`, title: s.heading }))}
          />
        </nav>
      )}
    </div>
  );
}
