/** Entities and a fake server for the generic page tests; engine tests do not depend on real modules. */
import {
  bool,
  date,
  decimal,
  defineEntity,
  defineModule,
  type Envelope,
  enumOf,
  int,
  options,
  Registry,
  ref,
  text,
} from '@mes/model';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { type ReactNode, useState } from 'react';
import { type ApiClient, createApiClient, createAuthStorage, memoryStore } from '../api';
import { createQueryClient, EngineProvider } from '../entity';

export const category = defineEntity({
  name: 'Category',
  label: { zh: '分类', en: 'Category' },
  kind: 'master',
  key: 'Category_ID',
  fields: {
    Category_Name: text({ zh: '分类名称', en: 'Category name' }, { required: true, max: 50 }),
    Parent_ID: ref({ zh: '上级分类', en: 'Parent' }, 'Category', 'Category_Name', {
      displayAs: 'Parent_Category_Name',
    }),
  },
  display: 'Category_Name',
  tree: { parent: 'Parent_ID' },
});

export const widget = defineEntity({
  name: 'Widget',
  label: { zh: '部件', en: 'Widget' },
  kind: 'master',
  fields: {
    Code: text({ zh: '编码', en: 'Code' }, { required: true, max: 10 }),
    EMail: text({ zh: '邮箱', en: 'Email' }, { max: 100, format: 'email' }),
    Kind: enumOf({ zh: '类型', en: 'Kind' }, options([1, '自制', 'Made'], [2, '外购', 'Bought']), {
      required: true,
    }),
    Price: decimal({ zh: '单价', en: 'Price' }, { precision: 12, scale: 2 }),
    Qty: int({ zh: '数量', en: 'Quantity' }, { min: 0 }),
    Active: bool({ zh: '启用', en: 'Active' }),
    Made_On: date({ zh: '生产日期', en: 'Made on' }),
    Category_ID: ref({ zh: '分类', en: 'Category' }, 'Category', 'Category_Name'),
    Serial: text({ zh: '流水号', en: 'Serial' }, { max: 20, readOnly: true }),
  },
  lines: {
    Parts: {
      label: { zh: '零件', en: 'Parts' },
      fields: {
        Part_Name: text({ zh: '零件名称', en: 'Part name' }, { required: true, max: 20 }),
        Part_Qty: int({ zh: '零件数量', en: 'Part quantity' }),
      },
    },
  },
  display: 'Code',
  list: {
    columns: ['Code', 'Kind', 'Price', 'Active', 'Made_On', 'Category_ID'],
    sort: ['ID', 'Code', 'Price'],
  },
});

/** Searched through its own lookup route, as materials are. */
export const gadget = defineEntity({
  name: 'Gadget',
  label: { zh: '器件', en: 'Gadget' },
  kind: 'master',
  key: 'Gadget_ID',
  fields: {
    Gadget_Number: text({ zh: '器件编码', en: 'Gadget number' }, { max: 20, unique: true }),
    Gadget_Name: text({ zh: '器件名称', en: 'Gadget name' }, { max: 20 }),
    Gadget_Model: text({ zh: '规格型号', en: 'Model' }, { max: 20 }),
  },
  display: 'Gadget_Name',
  lookup: { path: '/Gadget/Search', delayMs: 200 },
});

export const testRegistry = new Registry([
  defineModule({
    code: 't',
    label: { zh: '测试', en: 'Test' },
    order: 1,
    entities: [category, widget, gadget],
    menu: [],
  }),
]);

export interface FakeCall {
  method: string;
  url: URL;
  body: unknown;
}
type Handler = (call: FakeCall) => { status?: number; body: Envelope<unknown> } | undefined;

/** Answers by handler; every call is recorded for assertions. */
export function fakeServer(handler: Handler) {
  const calls: FakeCall[] = [];
  const fetchFn = async (input: string | URL | Request, init: RequestInit = {}) => {
    const call: FakeCall = {
      method: init.method ?? 'GET',
      url: new URL(String(input), 'http://test'),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const a = handler(call) ?? { status: 404, body: { Code: 1, Message: 'not found', Data: null } };
    return new Response(JSON.stringify(a.body), {
      status: a.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  const toasts: string[] = [];
  const api: ApiClient = createApiClient({
    fetch: fetchFn as typeof fetch,
    storage: createAuthStorage(memoryStore()),
    language: () => 'zh',
    overlayCloseDelayMs: 0,
    effects: {
      errorToast: (t) => toasts.push(t),
      replaceLocation: () => {},
      showOverlay: () => {},
      hideOverlay: () => {},
      log: () => {},
    },
  });
  return { calls, api, toasts };
}

export function ok<T>(Data: T, Paging?: Envelope['Paging']): { body: Envelope<T> } {
  return { body: { Code: 0, Message: '', Data, ...(Paging ? { Paging } : {}) } };
}

export function Providers({
  api,
  registry = testRegistry,
  children,
}: {
  api: ApiClient;
  /** A module's tests pass the registry of the modules they need. */
  registry?: Registry;
  children: ReactNode;
}) {
  const [qc] = useState(() => {
    const c = createQueryClient();
    c.setDefaultOptions({ queries: { retry: false } });
    return c;
  });
  return (
    <QueryClientProvider client={qc}>
      <EngineProvider registry={registry} api={api}>
        <App>{children}</App>
      </EngineProvider>
    </QueryClientProvider>
  );
}
