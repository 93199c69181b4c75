import type { ThemeConfig } from 'antd';

/** Spec part 1 §9 layout constants. */
export const SIDEBAR_WIDTH = 180;
export const SIDEBAR_COLLAPSED_WIDTH = 50;
export const TOPBAR_HEIGHT = 50;
export const TABS_HEIGHT = 34;
export const MAIN_PADDING = 15;
export const BASE_SPACING = 5;
export const SCROLLBAR_SIZE = 10;
export const MENU_BG = '#1c232f';
export const MENU_HOVER_BG = '#263445';
export const TOPBAR_BG = '#3c8dbc';
export const FONT_COLOR = '#606266';
export const SUCCESS_COLOR = '#67c23a';
export const WARNING_COLOR = '#f56c6c';
export const WARNING_MESSAGE_COLOR = '#ff7b7b';
export const TABLE_HIGHLIGHT = '#ecf5ff';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: TOPBAR_BG,
    colorSuccess: SUCCESS_COLOR,
    colorError: WARNING_COLOR,
    colorText: FONT_COLOR,
    borderRadius: 4,
  },
  components: {
    Layout: { siderBg: MENU_BG, headerBg: TOPBAR_BG, headerHeight: TOPBAR_HEIGHT, headerPadding: '0 15px' },
    Menu: {
      darkItemBg: MENU_BG,
      darkSubMenuItemBg: '#161c26',
      darkPopupBg: MENU_BG,
      darkItemHoverBg: MENU_HOVER_BG,
      darkItemSelectedBg: TOPBAR_BG,
      darkGroupTitleColor: '#6b778c',
      itemHeight: 40,
      collapsedWidth: SIDEBAR_COLLAPSED_WIDTH,
    },
    Table: { rowHoverBg: TABLE_HIGHLIGHT, rowSelectedBg: TABLE_HIGHLIGHT, headerBg: '#f5f7fa' },
  },
};
