import { describe, expect, it } from 'vitest';
import { type ApprovalSituation, approvalActions } from './approvalFlow';
import { defineEntity } from './entity';
import { text } from './fields';
import { allows } from './rules';

const base: ApprovalSituation = {
  state: 1,
  approveLevel: 0,
  nextUserId: null,
  createdBy: 1,
  approvedBy: null,
  levels: [2, 3],
  me: 1,
  isAdmin: false,
  may: () => true,
};
const as = (me: number, s: Partial<ApprovalSituation> = {}) => approvalActions({ ...base, ...s, me });

describe('approvalActions (issue 25 bug 4)', () => {
  it('a multi-level draft: the author submits, level 1 may approve it directly, level 2 waits', () => {
    expect(as(1)).toEqual(['Submit']);
    expect(as(2)).toEqual(['Submit', 'Approve', 'Rejected']);
    expect(as(3)).toEqual(['Submit']);
  });
  it('submitted: the current approver decides, the author withdraws until level 1 acted', () => {
    const sent = { state: 2, nextUserId: 2 };
    expect(as(1, sent)).toEqual(['Withdraw']);
    expect(as(2, sent)).toEqual(['Approve', 'Rejected']);
    expect(as(1, { state: 2, nextUserId: 3, approveLevel: 1 })).toEqual([]);
    expect(as(3, { state: 2, nextUserId: 3, approveLevel: 1 })).toEqual(['Approve', 'Rejected']);
  });
  it('without levels nothing is submitted: who holds the grant approves the draft', () => {
    expect(as(1, { levels: [] })).toEqual(['Approve', 'Rejected']);
    expect(as(1, { levels: [], may: (b) => b === 'edit' })).toEqual([]);
  });
  it('approved: unapprove by the last level (or the admin), close by the grant', () => {
    expect(as(3, { state: 3 })).toEqual(['UnApprove', 'Complete']);
    expect(as(2, { state: 3 })).toEqual(['Complete']);
    expect(as(9, { state: 3, isAdmin: true })).toEqual(['UnApprove', 'Complete']);
  });
});

describe('allows (issue 25 bug 12)', () => {
  const doc = defineEntity({
    name: 'D',
    label: { zh: 'D', en: 'D' },
    kind: 'document',
    fields: { Code: text({ zh: '编号', en: 'Code' }) },
    display: 'Code',
    allows: { unapprove: (r) => r.Code !== 'notified' },
  });
  it('documents are voided as drafts only, unapproved when approved and the entity allows it', () => {
    expect(allows(doc, 'delete', { State: 1 })).toBe(true);
    expect(allows(doc, 'delete', { State: 3 })).toBe(false);
    expect(allows(doc, 'unapprove', { State: 1 })).toBe(false);
    expect(allows(doc, 'unapprove', { State: 3, Code: 'x' })).toBe(true);
    expect(allows(doc, 'unapprove', { State: 3, Code: 'notified' })).toBe(false);
  });
});
