import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { message, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TopIcon } from './TopIcon';

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
      void message.warning(t('messages.fullscreenUnsupported'));
      return;
    }
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      void message.warning(t('messages.fullscreenUnsupported'));
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
