import { isIP } from 'node:net';

/** Names proxy-addr (Fastify's trustProxy) knows for address ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(s: string): boolean {
  if (RANGE_NAMES.has(s)) return true;
  const [addr, bits, ...rest] = s.split('/');
  const v = isIP(addr);
  if (!v || rest.length) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (v === 4 ? 32 : 128);
}

/** Fastify's trustProxy: whether the address at a hop (0 is the socket's peer) is a trusted proxy. */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/**
 * TRUST_PROXY as Fastify's trustProxy: unset or 0 trusts no proxy (the client is the socket's
 * peer); a comma-separated list trusts only those addresses or CIDR ranges; a number n trusts the
 * n proxies nearest the server, whatever their addresses (X-Forwarded-For is read from the right,
 * so a client cannot insert addresses of its own; but a client that reaches the server directly
 * is taken for a proxy, so a number fits only a server reachable through its proxies alone —
 * Fastify itself no longer offers it for that reason). "Any proxy" is not offered: it lets every
 * client choose its own address, and with it the sign-in throttle's key.
 */
export function trustProxyOf(value: string | undefined): TrustProxy {
  const v = value?.trim() ?? '';
  if (v === '' || v === '0') return false;
  if (/^\d{1,2}$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  const list = v.split(',').map((s) => s.trim());
  const bad = list.filter((s) => !isAddressOrCidr(s));
  if (bad.length)
    throw new Error(
      `TRUST_PROXY must be a number of proxies or a list of proxy addresses / CIDR ranges, not ${JSON.stringify(bad.join(','))}`,
    );
  return list;
}
