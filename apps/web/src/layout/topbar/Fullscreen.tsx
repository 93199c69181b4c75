import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TopIcon } from './TopIcon';

// antd's message only when there is something to say: it is not worth its 8 KB on every page (issue 24)
const warn = (text: string) => void import('antd/es/message').then((m) => m.default.warning(text));

/** Full-screen toggle; a browser that cannot do it gets the English warning of spec part 1 §8. */
export function FullscreenButton() {
  const { t } = useTranslation();
  const [on, setOn] = useState(false);
  useEffect(() => {
    const sync = () => setOn(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = async () => {
    if (!document.fullscreenEnabled || !document.documentElement.requestFullscreen) {
      warn(t('messages.fullscreenUnsupported'));
      return;
    }
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      warn(t('messages.fullscreenUnsupported'));
    }
  };
  const label = on ? t('app.topbar.exitFullscreen') : t('app.topbar.fullscreen');
  return (
    <Tooltip title={label}>
      <TopIcon label={label} onClick={() => void toggle()} testId="fullscreen-toggle">
        {on ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      </TopIcon>
    </Tooltip>
  );
}
