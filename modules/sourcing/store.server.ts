import {
  AppError,
  companyTimeZone,
  type Db,
  type MessageParams,
  notify,
  type Tx,
  type translate,
} from '@mes/engine-server';
import { formatInstant } from '@mes/model';
import { type RawBuilder, sql } from 'kysely';
import { PORTAL_PATH, SRM_MENU } from './index';
import { OFFER_STATUS, SOW_STATUS, type SowState, type SowStatus } from './logic/status';

type Ex = Db | Tx;

export interface SowRow {
  id: number;
  sow_no: string;
  project_name: string;
  state: number;
  sow_status: SowStatus;
  current_round: number | null;
  offer_rounds: number;
  round_start: string | null;
  round_end: string | null;
  life_time_years: number;
  currency_id: number;
  created_by: number | null;
  buyer_id: number | null;
}

export async function lockSow(tx: Tx, id: number): Promise<SowRow> {
  const { rows } =
    await sql<SowRow>`SELECT id, sow_no, project_name, state, sow_status, current_round, offer_rounds,
      round_start, round_end, life_time_years, currency_id, created_by, buyer_id
    FROM sow WHERE id = ${id} AND state <> 0 FOR UPDATE`.execute(tx);
  if (!rows[0]) throw new AppError('not_found', {}, 404);
  return rows[0];
}

export function sowState(s: SowRow): SowState {
  return {
    status: s.sow_status,
    round: s.current_round ?? 0,
    maxRounds: s.offer_rounds ?? null,
    roundEnd: s.round_end ? new Date(s.round_end) : null,
  };
}

/**
 * Makes the stored statuses agree with the clock (logic/status.ts sowStatusAt, offerStatusAt):
 * rounds past their end time are closed and offers never submitted are Overdue Closed. Every
 * sourcing route runs it first, and a timer runs it in the background; it is idempotent.
 */
export async function sweepOverdue(ex: Ex, now: Date): Promise<void> {
  await closeOverdueOffersSql(now).execute(ex);
  await sql`UPDATE sow SET sow_status = ${SOW_STATUS.ROUND_CLOSED}, version = version + 1, updated_at = now()
    WHERE sow_status = ${SOW_STATUS.QUOTING} AND round_end <= ${now}`.execute(ex);
}

/**
 * The sweep's offers: closes those never submitted whose end time has passed, and their invitations
 * stop being to-dos. The to-dos are found from the offers just closed, through the to-do index:
 * joining every portal to-do with every offer ever made read both tables whole on every request.
 * One statement, so that offers are never left closed with to-dos a later sweep would not find.
 * (A submitted offer's to-do was done when it was submitted; one cut short is done by the action.)
 */
export function closeOverdueOffersSql(now: Date): RawBuilder<unknown> {
  return sql`WITH closed AS (
      UPDATE offer SET offer_status = ${OFFER_STATUS.OVERDUE_CLOSED}, version = version + 1, updated_at = now()
      WHERE offer_status = ${OFFER_STATUS.PENDING} AND end_time <= ${now} RETURNING id)
    ${invitationsDone(sql`SELECT id::text FROM closed`)}`;
}

/** An invitation whose offer is over is no longer a to-do; `offerIds` lists the offers as text. */
function invitationsDone(offerIds: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`UPDATE send_msg_receivers SET is_done = true WHERE NOT is_done AND parent_id IN (
      SELECT id FROM send_msg WHERE msg_type = 2 AND route = ${PORTAL_PATH} AND parameter IN (${offerIds}))`;
}

/** The invitations of offers an action cut short (their end time is now) are no longer to-dos. */
export async function endInvitations(tx: Tx, offerIds: number[]): Promise<void> {
  if (offerIds.length) await invitationsDone(sql.join(offerIds.map(String))).execute(tx);
}

/** The supplier a portal user speaks for; a portal route refuses users without one. */
export async function supplierOfUser(ex: Ex, userId: number): Promise<{ id: number; name: string }> {
  const { rows } = await sql<{ id: number; name: string }>`SELECT id, short_name AS name FROM supplier
    WHERE portal_user_id = ${userId} AND NOT disabled ORDER BY id LIMIT 1`.execute(ex);
  if (!rows[0]) throw new AppError('srm.not_a_supplier', {}, 403, 403);
  return rows[0];
}

export interface InvitedSupplier {
  id: number;
  name: string;
  code: string;
  portal_user_id: number | null;
  disabled: boolean;
}

export async function suppliersById(ex: Ex, ids: number[]): Promise<InvitedSupplier[]> {
  if (!ids.length) return [];
  const { rows } =
    await sql<InvitedSupplier>`SELECT id, short_name AS name, supplier_code AS code, portal_user_id, disabled
    FROM supplier WHERE id IN (${sql.join(ids)}) ORDER BY id`.execute(ex);
  return rows;
}

/** A message to suppliers' portal accounts, linking to their quotation page. */
export async function tellSuppliers(
  tx: Tx,
  users: (number | null)[],
  key: Parameters<typeof translate>[0],
  params: MessageParams,
  opts: { offerId?: number; todo?: boolean; from?: number | null } = {},
): Promise<void> {
  await notify(tx, {
    to: users.filter((u): u is number => u !== null),
    key,
    params,
    route: PORTAL_PATH,
    parameter: opts.offerId ? String(opts.offerId) : undefined,
    menuCode: SRM_MENU.portalQuote,
    type: opts.todo ? 2 : 1,
    from: opts.from ?? null,
  });
}

/** Short time for message texts, on the company's clock (system parameter 公司时区). */
export async function shortTime(ex: Ex, iso: string | Date): Promise<string> {
  return formatInstant(iso, await companyTimeZone(ex), 'minute');
}
