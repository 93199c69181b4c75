/**
 * The SOW and offer state machines (README.md of this module describes them for people). Pure:
 * every function takes the time it should judge by, so that "the end time has passed" is tested
 * without waiting and the server applies the same rules to every request.
 */

export const SOW_STATUS = { DRAFT: 1, QUOTING: 2, ROUND_CLOSED: 3, AWARDED: 4, CLOSED: 9 } as const;
export type SowStatus = (typeof SOW_STATUS)[keyof typeof SOW_STATUS];

export const OFFER_STATUS = {
  PENDING: 1,
  PROCESSED: 2,
  REJECTED: 3,
  PASSED: 4,
  OVERDUE_CLOSED: 5,
} as const;
export type OfferStatus = (typeof OFFER_STATUS)[keyof typeof OFFER_STATUS];

/** Why a transition is refused: message keys of the module's catalogue. */
export type Refusal =
  | 'srm.sow_not_draft'
  | 'srm.sow_not_quoting'
  | 'srm.sow_not_round_closed'
  | 'srm.sow_closed'
  | 'srm.max_rounds'
  | 'srm.window_invalid'
  | 'srm.round_not_started'
  | 'srm.offer_closed'
  | 'srm.offer_decided';

export type Result<T> = { ok: true; value: T } | { ok: false; reason: Refusal };
const ok = <T>(value: T): Result<T> => ({ ok: true, value });
const no = <T>(reason: Refusal): Result<T> => ({ ok: false, reason });

export interface SowState {
  status: SowStatus;
  /** 0 before release, then the number of the latest round. */
  round: number;
  /** Most rounds the buyer planned (Offer_Rounds); null for no limit. */
  maxRounds: number | null;
  roundEnd: Date | null;
}

/** A quoting round whose end time has passed is closed, whether or not anyone closed it. */
export function sowStatusAt(s: SowState, now: Date): SowStatus {
  if (s.status === SOW_STATUS.QUOTING && s.roundEnd && s.roundEnd.getTime() <= now.getTime())
    return SOW_STATUS.ROUND_CLOSED;
  return s.status;
}

export type SowAction =
  | { kind: 'release'; start: Date; end: Date }
  | { kind: 'nextRound'; start: Date; end: Date }
  | { kind: 'closeRound' }
  | { kind: 'award' }
  | { kind: 'closeCase' };

function windowOk(start: Date, end: Date, now: Date): boolean {
  return end.getTime() > start.getTime() && end.getTime() > now.getTime();
}

/** The SOW after an action, or why the action is not possible now. */
export function sowTransition(s: SowState, action: SowAction, now: Date): Result<SowState> {
  const status = sowStatusAt(s, now);
  if (status === SOW_STATUS.CLOSED) return no('srm.sow_closed');
  switch (action.kind) {
    case 'release':
      if (status !== SOW_STATUS.DRAFT) return no('srm.sow_not_draft');
      if (!windowOk(action.start, action.end, now)) return no('srm.window_invalid');
      return ok({ ...s, status: SOW_STATUS.QUOTING, round: 1, roundEnd: action.end });
    case 'nextRound':
      if (status !== SOW_STATUS.ROUND_CLOSED) return no('srm.sow_not_round_closed');
      if (s.maxRounds !== null && s.round >= s.maxRounds) return no('srm.max_rounds');
      if (!windowOk(action.start, action.end, now)) return no('srm.window_invalid');
      return ok({ ...s, status: SOW_STATUS.QUOTING, round: s.round + 1, roundEnd: action.end });
    case 'closeRound':
      if (status !== SOW_STATUS.QUOTING) return no('srm.sow_not_quoting');
      return ok({ ...s, status: SOW_STATUS.ROUND_CLOSED, roundEnd: now });
    case 'award':
      if (status !== SOW_STATUS.ROUND_CLOSED) return no('srm.sow_not_round_closed');
      return ok({ ...s, status: SOW_STATUS.AWARDED });
    case 'closeCase':
      if (status === SOW_STATUS.QUOTING)
        // the round is cut short first, so that no supplier can still quote into a closed case
        return ok({ ...s, status: SOW_STATUS.CLOSED, roundEnd: now });
      return ok({ ...s, status: SOW_STATUS.CLOSED });
  }
}

export interface OfferState {
  status: OfferStatus;
  start: Date;
  end: Date;
}

/** Past its end time an offer that was never submitted is Overdue Closed; a submitted one stays Processed. */
export function offerStatusAt(o: OfferState, now: Date): OfferStatus {
  if (o.status === OFFER_STATUS.PENDING && o.end.getTime() <= now.getTime())
    return OFFER_STATUS.OVERDUE_CLOSED;
  return o.status;
}

/** Whether the supplier may still change the quotation (save a draft, submit, revise). */
export function offerEditable(o: OfferState, now: Date): boolean {
  const status = offerStatusAt(o, now);
  const open = o.start.getTime() <= now.getTime() && now.getTime() < o.end.getTime();
  return open && (status === OFFER_STATUS.PENDING || status === OFFER_STATUS.PROCESSED);
}

export type OfferEvent =
  | 'saveDraft'
  | 'submit'
  /** the buyer closed the round (or the case) early */
  | 'cutOff'
  /** the buyer opened the next round without this supplier */
  | 'notShortlisted'
  | 'awarded'
  | 'notAwarded'
  | 'caseClosed';

/** The offer after an event, or why the event is refused. */
export function offerTransition(o: OfferState, event: OfferEvent, now: Date): Result<OfferState> {
  const status = offerStatusAt(o, now);
  const decided =
    status === OFFER_STATUS.PASSED ||
    status === OFFER_STATUS.REJECTED ||
    status === OFFER_STATUS.OVERDUE_CLOSED;
  switch (event) {
    case 'saveDraft':
    case 'submit': {
      if (decided)
        return no(status === OFFER_STATUS.OVERDUE_CLOSED ? 'srm.offer_closed' : 'srm.offer_decided');
      if (now.getTime() < o.start.getTime()) return no('srm.round_not_started');
      if (now.getTime() >= o.end.getTime()) return no('srm.offer_closed');
      // a draft never takes back a submission: once submitted, saving again is a revision
      const to = event === 'submit' || status === OFFER_STATUS.PROCESSED ? OFFER_STATUS.PROCESSED : status;
      return ok({ ...o, status: to });
    }
    case 'cutOff': {
      const end = o.end.getTime() > now.getTime() ? now : o.end;
      return ok({ ...o, end, status: offerStatusAt({ ...o, end }, now) });
    }
    case 'notShortlisted':
    case 'notAwarded':
      if (status === OFFER_STATUS.PROCESSED) return ok({ ...o, status: OFFER_STATUS.REJECTED });
      return ok({ ...o, status });
    case 'awarded':
      if (status !== OFFER_STATUS.PROCESSED) return no('srm.offer_decided');
      return ok({ ...o, status: OFFER_STATUS.PASSED });
    case 'caseClosed': {
      const end = o.end.getTime() > now.getTime() ? now : o.end;
      const s = offerStatusAt({ ...o, end }, now);
      return ok({ ...o, end, status: s === OFFER_STATUS.PROCESSED ? OFFER_STATUS.REJECTED : s });
    }
  }
}
