import { useLang } from '@mes/engine-web/i18n';
import { Card } from 'antd';
import { SOP } from '../content/sop';
import { useIsMobile } from '../hooks/useViewport';
import { DocView } from './legal/DocView';

/** /SOP: how to use the product. */
export function Sop() {
  const lang = useLang();
  const mobile = useIsMobile();
  return (
    <Card data-testid="sop">
      <DocView doc={SOP[lang]} anchors={!mobile} />
    </Card>
  );
}
