import type { TestServer } from '@mes/app-server/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDemo, hasBrowser, shot, startDemo } from './browser';
import { newPage, tid } from './helpers/shell';
import { signInContext } from './session';

/**
 * The equipment journey of issue 28: a spot check with an out-of-limit value opens a repair
 * request; maintenance accepts it, repairs with a spare part (stock falls), the requester accepts
 * the repair, and its solution is suggested when the next request is typed.
 */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 200 });
type Rec = Record<string, unknown>;

describe.skipIf(!hasBrowser)('equipment journey in the browser', () => {
  let t: TestServer;
  let browser: Browser;
  let page: Page;
  const SOLUTION = '清洗液压油冷却器并更换滤芯（E2E）';

  beforeAll(async () => {
    ({ t, browser } = await startDemo());
    const b = await newPage(browser);
    await signInContext(b.context, t.url, 'admin', 'admin123');
    page = b.page;
  }, 300_000);
  afterAll(async () => {
    await closeDemo({ t, browser });
  });

  const api = async <T = Rec>(method: string, path: string, body?: unknown) => {
    const r = await t.call<T>(method, path, body);
    if (r.body.Code !== 0) throw new Error(`${method} ${path}: ${r.body.Message}`);
    return r.body.Data;
  };
  const stock = async (material: number) =>
    (await api<{ Qty: string }[]>('GET', `/StockBalance?Material_ID=${material}&PageSize=50`))
      .map((b) => Number(b.Qty))
      .reduce((a, b) => a + b, 0);

  it('an out-of-limit check opens a request; the repair uses a spare, is accepted and becomes knowledge', async () => {
    const [item] = await api<Rec[]>('GET', '/PortalItem?Item_Code=PT-OIL-T');
    const [press] = await api<Rec[]>('GET', '/Machine?KeyWord=EQ-PRS-04');
    const check = await api('POST', '/PortalRecord', {
      Machine_ID: press.Machine_ID,
      Check_Time: new Date().toISOString(),
      Items: [{ Portal_Item_ID: item.Portal_Item_ID, Value: '72' }],
    });
    expect(check.Check_Result).toBe(2);
    const requestId = Number((await api('GET', `/PortalRecord/${check.Portal_Record_ID}`)).Request_ID);
    expect(requestId).toBeGreaterThan(0);

    // maintenance accepts the request in the 报修 list
    await page.goto(`${t.url}/EM/repairRequest`);
    await page.click(tid(`em-Accept-${requestId}`));
    await poll(async () => (await api('GET', `/RepairRequest/${requestId}`)).Repair_Status).toBe(2);
    const [repair] = await api<Rec[]>('GET', `/MachineRepair?Request_ID=${requestId}`);
    const repairId = Number(repair.Repair_ID);

    await page.goto(`${t.url}/EM/machineRepair`);
    await page.click(tid(`em-Start-${repairId}`));
    await poll(async () => (await api('GET', `/MachineRepair/${repairId}`)).Repair_Status).toBe(3);

    // the technician's diagnosis and the spare part used
    const bills = await api<Rec[]>('GET', `/AccessoriesBill?Machine_ID=${press.Machine_ID}&PageSize=10`);
    let part = 0;
    let bal: Rec | undefined;
    for (const b of bills) {
      const rows = await api<Rec[]>('GET', `/StockBalance?Material_ID=${b.Material_ID}&PageSize=50`);
      bal = rows.find((r) => Number(r.Qty) >= 1);
      if (bal) {
        part = Number(b.Material_ID);
        break;
      }
    }
    expect(bal).toBeTruthy();
    const before = await stock(part);
    const [fault] = await api<Rec[]>('GET', '/FaultType?Fault_Code=F-HYD');
    const cur = await api('GET', `/MachineRepair/${repairId}`);
    await api('PUT', '/MachineRepair', {
      Repair_ID: repairId,
      Version: cur.Version,
      Fault_Type_ID: fault.Fault_Type_ID,
      Cause: '冷却器滤芯堵塞，油温过高',
      Solution: SOLUTION,
      Parts: [{ Material_ID: part, Location_ID: bal?.Location_ID, Qty: '1' }],
    });
    await page.reload();
    await page.click(tid(`em-Finish-${repairId}`));
    await poll(async () => (await api('GET', `/MachineRepair/${repairId}`)).Repair_Status).toBe(4);
    expect(await stock(part)).toBe(before - 1);
    await page.click(tid(`em-Confirm-${repairId}`));
    await poll(async () => (await api('GET', `/MachineRepair/${repairId}`)).Repair_Status).toBe(5);
    await shot(page, 'equipment-repair-accepted-zh');
    expect((await api('GET', `/Machine/${press.Machine_ID}`)).Is_Down).toBe(false);

    // the next request about hot oil is offered the solution
    await page.goto(`${t.url}/EM/repairRequest`);
    await page
      .locator(`${tid('em-suggest-input')} input`)
      .first()
      .fill('液压油温过高');
    await poll(async () => (await page.locator(tid('em-suggest-list')).textContent()) ?? '').toContain(
      SOLUTION,
    );
    await shot(page, 'equipment-suggest-zh');
  }, 180_000);
});
