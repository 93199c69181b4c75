import type { ApiClient } from '@mes/engine-web/api';
import type { MenuNode } from '../shell/menu';

/** Answer of POST /Login. */
export interface LoginResult {
  User_ID: number;
  token: string;
  compShortName: string;
  deptId: number | null;
  Menu_Mode: number;
  /** An initial or reset password: nothing but changing it is served until it is. */
  Must_Change_Pwd?: boolean;
}

export type YesNo = 'Y' | 'N';
export interface SystemConfig {
  OnlineService?: YesNo;
  TelConsult?: YesNo;
  BarcodeScan?: YesNo;
  Message?: YesNo;
  HomeHelp?: YesNo;
  HomeBarcode?: YesNo;
  LoginTopPicture?: YesNo;
  LoginBottomPicture?: YesNo;
  LoginWording?: YesNo;
}

/** GET /Company/LoginConfig: what the sign-in page shows before anyone has signed in. */
export interface LoginConfig {
  Company_Name: string;
  Company_ShortName: string;
  Service_Phone?: string;
  Service_Link?: string;
  SystemConfig: SystemConfig;
  /** The database holds demo data: its accounts and passwords are published. */
  Demo?: boolean;
}

/** GET /Base/GetLoginInfo: the fields the shell reads (the answer holds more). */
export interface LoginInfo {
  User_ID: number;
  User_Name: string;
  User_Account: string;
  Dept_ID: number | null;
  Dept_Name: string | null;
  U_Type: number;
  Menu_Mode: number;
  Tel_Phone?: string | null;
  EMail?: string | null;
  Pwd_Changed_At?: string | null;
  Must_Change_Pwd?: boolean;
  Company_Name: string;
  Company_ShortName: string;
  Service_Phone?: string;
  Service_Link?: string;
  SystemConfig: SystemConfig;
  SystemSettings: { ID: number; Parameter_Value: string }[];
  UserOftenMenus: { Menu_ID: number; Is_Collect: boolean }[];
  Departments?: { Dept_ID: number; Dept_Name: string; Disabled?: boolean }[];
}

/** GET /UserOftenMenu/GetOftenMenuListByUserAsync: favourites first, then the most clicked. */
export interface OftenMenu {
  Menu_ID: number;
  Menu_Code: string;
  Menu_Name: string;
  Menu_Name_En?: string | null;
  Route: string | null;
  Icon?: string | null;
  Is_Collect: boolean;
  Click_Count: number;
}

/** One message of GET /SendMsg/GetSendMsgs. */
export interface Message {
  ID: number;
  Title: string;
  Content: string | null;
  Send_Time: string;
  Route: string | null;
  Parameter: string | null;
  Menu_ID?: number | null;
  Msg_Type: number;
  Status?: number;
  Level: number;
  Is_Read: boolean;
  Is_Done?: boolean;
  From_User_Name: string | null;
  Menu_Name?: string | null;
  Parent_Menu_Name?: string | null;
  Parent_Menu_Name_En?: string | null;
}

export const LOGIN_CONFIG_KEY = ['loginConfig'] as const;
export const OFTEN_KEY = ['often'] as const;
export const MSG_KEY = ['msg'] as const;

export const shellApi = (api: ApiClient) => ({
  // POST /Login goes without the configured prefix (spec part 1 §7); quiet: the sign-in page shows the
  // refusal itself, and a toast would load antd into the page that does without it (issue 24)
  login: (User_Account: string, Pass_Word: string) =>
    api.post<LoginResult>('/Login', { User_Account, Pass_Word }, { noPrefix: true, quiet: true }),
  logout: () => api.post('/Logout', undefined, { overlay: false }),
  loginConfig: () => api.data<LoginConfig>('/Company/LoginConfig'),
  loginInfo: (userId: string, signal?: AbortSignal) =>
    api.data<LoginInfo | null>('/Base/GetLoginInfo', { query: { User_ID: userId }, signal }),
  userMenu: (userId: string, signal?: AbortSignal) =>
    api.data<MenuNode[]>('/ModuleMenu/GetUserMenu', { query: { User_ID: userId }, signal }),
  changePassword: (User_ID: number, OldPwd: string, Pass_Word: string) =>
    api.post('/Users/ChangePwd', { User_ID, OldPwd, Pass_Word }),
  resetPassword: (User_ID: number, Pass_Word: string) => api.post('/Users/ResetPwd', { User_ID, Pass_Word }),
  oftenMenus: (signal?: AbortSignal) =>
    api.data<OftenMenu[]>('/UserOftenMenu/GetOftenMenuListByUserAsync', { signal }),
  toggleFavourite: (Menu_ID: number, User_ID: number) =>
    api.post<{ Menu_ID: number; Is_Collect: boolean }>(
      '/UserOftenMenu/Collection',
      { Menu_ID, User_ID },
      { quiet: true },
    ),
  // bookkeeping the user did not ask for: no overlay, and it may not cancel a real call
  recordClick: (Menu_ID: number) =>
    api.post('/UserOftenMenu', { Menu_ID }, { overlay: false, interrupt: false, quiet: true }),
  toggleMenuMode: () => api.get<{ Menu_Mode: number }>('/UsersHabit/UpdateMenuMode'),
  unread: (Page = 1, PageSize = 15) =>
    api.get<Message[]>('/SendMsg/GetSendMsgs', { Status: 1, Page, PageSize }),
  pending: (User_ID: number, Dept_ID: number | null) =>
    api.get<Message[]>('/SendMsg/GetSendMsgs', { User_ID, Dept_ID }),
  messages: (Title: string, Page: number, PageSize: number) =>
    api.get<Message[]>('/SendMsg/GetSendMsgs', { Title, Page, PageSize }),
  readMessage: (ID: number) => api.post('/SendMsgDtl/Read', { ID }, { overlay: false }),
  readAll: () => api.post('/SendMsgDtl/ReadAllMsg'),
});
