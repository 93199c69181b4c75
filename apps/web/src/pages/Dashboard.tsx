import { useLabel } from '@mes/engine-web/i18n';
import type { ModuleManifest } from '@mes/model';
import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { menuModules } from '../menu';

/** Placeholder home: the modules and their pages, until the boards arrive. */
export function Dashboard({ modules }: { modules: ModuleManifest[] }) {
  const { t } = useTranslation();
  const label = useLabel();
  return (
    <div data-testid="dashboard">
      <Typography.Title level={4}>{t('shell.modules')}</Typography.Title>
      <Row gutter={[15, 15]}>
        {menuModules(modules).map((m) =>
          m.menu.map((g) => (
            <Col key={g.code} xs={24} md={12} xl={8}>
              <Card title={`${label(m.label)} / ${label(g.label)}`} size="small">
                {g.pages.map((p) => (
                  <div key={p.code} style={{ padding: '4px 0' }}>
                    <Link to={p.path}>{label(p.label)}</Link>
                  </div>
                ))}
              </Card>
            </Col>
          )),
        )}
      </Row>
    </div>
  );
}
