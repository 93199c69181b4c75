import { describe, expect, it } from 'vitest';
import {
  OFFER_STATUS,
  type OfferState,
  offerEditable,
  offerStatusAt,
  offerTransition,
  SOW_STATUS,
  type SowState,
  sowStatusAt,
  sowTransition,
} from './status';

const t = (iso: string) => new Date(`2030-01-01T${iso}:00Z`);
const draft: SowState = { status: SOW_STATUS.DRAFT, round: 0, maxRounds: 3, roundEnd: null };

describe('SOW state machine', () => {
  it('release opens round 1 with a window that ends in the future', () => {
    const r = sowTransition(draft, { kind: 'release', start: t('08:00'), end: t('12:00') }, t('08:00'));
    expect(r).toEqual({
      ok: true,
      value: { ...draft, status: SOW_STATUS.QUOTING, round: 1, roundEnd: t('12:00') },
    });
  });

  it('release refuses an end before the start or in the past, and a second release', () => {
    expect(sowTransition(draft, { kind: 'release', start: t('12:00'), end: t('11:00') }, t('08:00'))).toEqual(
      {
        ok: false,
        reason: 'srm.window_invalid',
      },
    );
    expect(sowTransition(draft, { kind: 'release', start: t('06:00'), end: t('07:00') }, t('08:00'))).toEqual(
      {
        ok: false,
        reason: 'srm.window_invalid',
      },
    );
    const quoting = { ...draft, status: SOW_STATUS.QUOTING, round: 1, roundEnd: t('12:00') } as const;
    expect(
      sowTransition(quoting, { kind: 'release', start: t('08:00'), end: t('13:00') }, t('09:00')),
    ).toEqual({
      ok: false,
      reason: 'srm.sow_not_draft',
    });
  });

  it('a quoting round whose end time has passed counts as closed', () => {
    const quoting: SowState = { ...draft, status: SOW_STATUS.QUOTING, round: 1, roundEnd: t('12:00') };
    expect(sowStatusAt(quoting, t('11:59'))).toBe(SOW_STATUS.QUOTING);
    expect(sowStatusAt(quoting, t('12:00'))).toBe(SOW_STATUS.ROUND_CLOSED);
    // so the next round may open without anyone closing the first
    const next = sowTransition(
      quoting,
      { kind: 'nextRound', start: t('13:00'), end: t('15:00') },
      t('12:30'),
    );
    expect(next.ok && next.value).toEqual({ ...quoting, round: 2, roundEnd: t('15:00') });
    // and closing it is refused: there is nothing left to close
    expect(sowTransition(quoting, { kind: 'closeRound' }, t('12:30'))).toEqual({
      ok: false,
      reason: 'srm.sow_not_quoting',
    });
  });

  it('next round only after the round closed and within the planned rounds', () => {
    const open: SowState = { ...draft, status: SOW_STATUS.QUOTING, round: 1, roundEnd: t('12:00') };
    expect(
      sowTransition(open, { kind: 'nextRound', start: t('09:00'), end: t('15:00') }, t('09:00')),
    ).toEqual({
      ok: false,
      reason: 'srm.sow_not_round_closed',
    });
    const closed = sowTransition(open, { kind: 'closeRound' }, t('10:00'));
    expect(closed.ok && closed.value).toEqual({
      ...open,
      status: SOW_STATUS.ROUND_CLOSED,
      roundEnd: t('10:00'),
    });
    const last: SowState = { ...draft, status: SOW_STATUS.ROUND_CLOSED, round: 3, roundEnd: t('10:00') };
    expect(
      sowTransition(last, { kind: 'nextRound', start: t('11:00'), end: t('15:00') }, t('11:00')),
    ).toEqual({
      ok: false,
      reason: 'srm.max_rounds',
    });
    const unlimited = { ...last, maxRounds: null };
    expect(
      sowTransition(unlimited, { kind: 'nextRound', start: t('11:00'), end: t('15:00') }, t('11:00')).ok,
    ).toBe(true);
  });

  it('award needs a closed round; close case works from any state but closed, and cuts a round short', () => {
    const quoting: SowState = { ...draft, status: SOW_STATUS.QUOTING, round: 1, roundEnd: t('12:00') };
    expect(sowTransition(quoting, { kind: 'award' }, t('09:00'))).toEqual({
      ok: false,
      reason: 'srm.sow_not_round_closed',
    });
    expect(sowTransition(quoting, { kind: 'award' }, t('12:00'))).toEqual({
      ok: true,
      value: { ...quoting, status: SOW_STATUS.AWARDED },
    });
    const closed = sowTransition(quoting, { kind: 'closeCase' }, t('09:00'));
    expect(closed.ok && closed.value).toEqual({
      ...quoting,
      status: SOW_STATUS.CLOSED,
      roundEnd: t('09:00'),
    });
    const done = { ...quoting, status: SOW_STATUS.CLOSED } as const;
    for (const kind of ['closeCase', 'closeRound', 'award'] as const)
      expect(sowTransition(done, { kind }, t('09:00'))).toEqual({ ok: false, reason: 'srm.sow_closed' });
  });
});

describe('offer state machine', () => {
  const pending: OfferState = { status: OFFER_STATUS.PENDING, start: t('08:00'), end: t('12:00') };

  it('a draft keeps the offer pending; a submission makes it processed; revising keeps it processed', () => {
    const d = offerTransition(pending, 'saveDraft', t('09:00'));
    expect(d.ok && d.value.status).toBe(OFFER_STATUS.PENDING);
    const s = offerTransition(pending, 'submit', t('09:00'));
    expect(s.ok && s.value.status).toBe(OFFER_STATUS.PROCESSED);
    const processed = { ...pending, status: OFFER_STATUS.PROCESSED } as const;
    const again = offerTransition(processed, 'submit', t('11:59'));
    expect(again.ok && again.value.status).toBe(OFFER_STATUS.PROCESSED);
    // a later draft does not take the submission back
    const draftAfter = offerTransition(processed, 'saveDraft', t('11:00'));
    expect(draftAfter.ok && draftAfter.value.status).toBe(OFFER_STATUS.PROCESSED);
  });

  it('before the start time nothing can be quoted', () => {
    expect(offerTransition(pending, 'submit', t('07:59'))).toEqual({
      ok: false,
      reason: 'srm.round_not_started',
    });
    expect(offerEditable(pending, t('07:59'))).toBe(false);
  });

  it('at the end time an unsubmitted offer is Overdue Closed and read-only; a submitted one stays Processed', () => {
    expect(offerStatusAt(pending, t('11:59'))).toBe(OFFER_STATUS.PENDING);
    expect(offerEditable(pending, t('11:59'))).toBe(true);
    expect(offerStatusAt(pending, t('12:00'))).toBe(OFFER_STATUS.OVERDUE_CLOSED);
    expect(offerEditable(pending, t('12:00'))).toBe(false);
    expect(offerTransition(pending, 'submit', t('12:00'))).toEqual({ ok: false, reason: 'srm.offer_closed' });
    const processed = { ...pending, status: OFFER_STATUS.PROCESSED } as const;
    expect(offerStatusAt(processed, t('13:00'))).toBe(OFFER_STATUS.PROCESSED);
    expect(offerEditable(processed, t('12:00'))).toBe(false);
    expect(offerTransition(processed, 'submit', t('12:00'))).toEqual({
      ok: false,
      reason: 'srm.offer_closed',
    });
  });

  it('a round cut short closes the window at once', () => {
    const cut = offerTransition(pending, 'cutOff', t('10:00'));
    expect(cut.ok && cut.value).toEqual({ ...pending, end: t('10:00'), status: OFFER_STATUS.OVERDUE_CLOSED });
    const processed = { ...pending, status: OFFER_STATUS.PROCESSED } as const;
    const cut2 = offerTransition(processed, 'cutOff', t('10:00'));
    expect(cut2.ok && cut2.value).toEqual({ ...processed, end: t('10:00') });
    // an end already past stays where it was
    const late = offerTransition(processed, 'cutOff', t('13:00'));
    expect(late.ok && late.value.end).toEqual(t('12:00'));
  });

  it('award: the chosen supplier passes, the others are rejected, the overdue stay overdue', () => {
    const processed = { ...pending, status: OFFER_STATUS.PROCESSED } as const;
    const won = offerTransition(processed, 'awarded', t('13:00'));
    expect(won.ok && won.value.status).toBe(OFFER_STATUS.PASSED);
    const lost = offerTransition(processed, 'notAwarded', t('13:00'));
    expect(lost.ok && lost.value.status).toBe(OFFER_STATUS.REJECTED);
    const overdue = offerTransition(pending, 'notAwarded', t('13:00'));
    expect(overdue.ok && overdue.value.status).toBe(OFFER_STATUS.OVERDUE_CLOSED);
    expect(offerTransition(pending, 'awarded', t('13:00'))).toEqual({
      ok: false,
      reason: 'srm.offer_decided',
    });
    const passed = { ...pending, status: OFFER_STATUS.PASSED } as const;
    expect(offerTransition(passed, 'submit', t('09:00'))).toEqual({ ok: false, reason: 'srm.offer_decided' });
  });

  it('not shortlisted for the next round: a submitted offer is rejected', () => {
    const processed = { ...pending, status: OFFER_STATUS.PROCESSED } as const;
    const r = offerTransition(processed, 'notShortlisted', t('13:00'));
    expect(r.ok && r.value.status).toBe(OFFER_STATUS.REJECTED);
  });

  it('closing the case rejects submitted offers and closes pending ones', () => {
    const processed = { ...pending, status: OFFER_STATUS.PROCESSED } as const;
    const a = offerTransition(processed, 'caseClosed', t('10:00'));
    expect(a.ok && a.value).toEqual({ ...processed, end: t('10:00'), status: OFFER_STATUS.REJECTED });
    const b = offerTransition(pending, 'caseClosed', t('10:00'));
    expect(b.ok && b.value.status).toBe(OFFER_STATUS.OVERDUE_CLOSED);
  });
});
