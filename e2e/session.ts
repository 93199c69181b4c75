import type { BrowserContext } from 'playwright-core';

/** Signs in through the API and hands the browser the cookies the web client reads (spec part 1 §4). */
export async function signInContext(context: BrowserContext, url: string, account: string, password: string) {
  const res = await fetch(`${url}/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ User_Account: account, Pass_Word: password }),
  });
  const body = (await res.json()) as { Code: number; Data: { User_ID: number; token: string } };
  if (body.Code !== 0) throw new Error(`sign-in ${account} failed`);
  const authorization = res.headers.get('authorization') ?? `Bearer ${body.Data.token}`;
  await context.addCookies([
    { name: 'token', value: body.Data.token, url },
    { name: 'Authorization', value: encodeURIComponent(authorization), url },
    { name: 'User_ID', value: String(body.Data.User_ID), url },
  ]);
  return { token: body.Data.token, userId: body.Data.User_ID, authorization };
}
