import type { ThemeConfig } from 'antd';

/** Spec part 1 §9 layout constants. */
export const SIDEBAR_WIDTH = 180;
export const TOPBAR_HEIGHT = 50;
export const MAIN_PADDING = 15;
export const MENU_BG = '#1c232f';
export const MENU_HOVER_BG = '#263445';
export const TOPBAR_BG = '#3c8dbc';
export const FONT_COLOR = '#606266';
export const SUCCESS_COLOR = '#67c23a';

export const theme: ThemeConfig = {
  token: { colorPrimary: TOPBAR_BG, colorSuccess: SUCCESS_COLOR },
  components: {
    Layout: { siderBg: MENU_BG, headerBg: TOPBAR_BG, headerHeight: TOPBAR_HEIGHT, headerPadding: '0 15px' },
    Menu: {
      darkItemBg: MENU_BG,
      darkSubMenuItemBg: MENU_BG,
      darkPopupBg: MENU_BG,
      darkItemHoverBg: MENU_HOVER_BG,
    },
  },
};
