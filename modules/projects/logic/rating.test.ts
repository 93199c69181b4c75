import { describe, expect, it } from 'vitest';
import {
  actionRed,
  deliverableRating,
  GREEN,
  RED,
  type ScorecardInput,
  scorecard,
  shareRating,
  YELLOW,
} from './rating';

const today = '2026-05-10';
describe('deliverableRating', () => {
  it('is red past due, yellow due within a week, green otherwise', () => {
    const open = { status: 2, evidenceRequired: false, evidenceCount: 0 };
    expect(deliverableRating({ ...open, due: '2026-05-09' }, today)).toBe(RED);
    expect(deliverableRating({ ...open, due: '2026-05-17' }, today)).toBe(YELLOW);
    expect(deliverableRating({ ...open, due: '2026-05-18' }, today)).toBe(GREEN);
    expect(deliverableRating({ ...open, due: null }, today)).toBe(GREEN);
  });
  it('done is green, but yellow while its required evidence is missing', () => {
    const done = { status: 3, due: '2026-01-01', evidenceRequired: true };
    expect(deliverableRating({ ...done, evidenceCount: 0 }, today)).toBe(YELLOW);
    expect(deliverableRating({ ...done, evidenceCount: 1 }, today)).toBe(GREEN);
  });
});

describe('scorecard', () => {
  it('share stoplight: > 90 % green, 80–90 % yellow, below red', () => {
    expect(shareRating(10, 10)).toBe(GREEN);
    expect(shareRating(9, 10)).toBe(YELLOW);
    expect(shareRating(8, 10)).toBe(YELLOW);
    expect(shareRating(7, 10)).toBe(RED);
  });
  it('turns timing red for an overdue milestone and quality red for an open red quality action', () => {
    const base: ScorecardInput = {
      deliverables: [{ rating: GREEN, gate: 0, ppap: false }],
      tasks: [
        { overdue: false, milestone: false },
        { overdue: false, milestone: true },
      ],
      actions: [{ open: true, red: false, quality: true }],
      currentGate: 1,
    };
    const rating = (s: ScorecardInput, c: string) => scorecard(s).find((r) => r.category === c)?.rating;
    expect(scorecard(base).every((r) => r.rating === GREEN)).toBe(true);
    expect(rating({ ...base, tasks: [{ overdue: true, milestone: true }] }, 'timing')).toBe(RED);
    expect(rating({ ...base, actions: [{ open: true, red: true, quality: true }] }, 'quality')).toBe(RED);
    expect(rating({ ...base, actions: [{ open: true, red: true, quality: false }] }, 'quality')).toBe(YELLOW);
    // a red deliverable of a later gate is not judged yet
    const later: ScorecardInput = {
      ...base,
      deliverables: [...base.deliverables, { rating: RED, gate: 5, ppap: false }],
    };
    expect(rating(later, 'timing')).toBe(GREEN);
    expect(rating({ ...later, currentGate: 5 }, 'timing')).toBe(RED);
  });
  it('an action is red when overdue, or high priority due within a week, unless closed', () => {
    expect(actionRed({ closed: false, due: '2026-05-09', priority: 3 }, today)).toBe(true);
    expect(actionRed({ closed: false, due: '2026-05-15', priority: 1 }, today)).toBe(true);
    expect(actionRed({ closed: false, due: '2026-05-15', priority: 2 }, today)).toBe(false);
    expect(actionRed({ closed: true, due: '2026-05-01', priority: 1 }, today)).toBe(false);
  });
});
