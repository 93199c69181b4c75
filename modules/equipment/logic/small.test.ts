import { describe, expect, it } from 'vitest';
import { checkResult, RESULT, VALUE } from './checks';
import { rankExperience, words } from './match';
import { statusAt, timeInStatus } from './status';

const H = 3_600_000;

describe('status timeline', () => {
  const changes = [
    { status: 2, at: 0 },
    { status: 4, at: 10 * H },
    { status: 2, at: 14 * H },
  ];
  it('counts the time in each status within the period, from each record to the next', () => {
    const t = timeInStatus(changes, 5 * H, 20 * H);
    expect(t.get(2)).toBe(5 * H + 6 * H);
    expect(t.get(4)).toBe(4 * H);
  });
  it('the latest record decides the current status; before the first none is known', () => {
    expect(statusAt(changes, 12 * H)).toBe(4);
    expect(statusAt(changes, 14 * H)).toBe(2);
    expect(statusAt(changes, -1)).toBeNull();
  });
});

describe('spot-check limits', () => {
  const num = { kind: VALUE.NUMBER, lower: '40', upper: '60' };
  it('limits are inclusive; outside or missing is NG', () => {
    expect(checkResult(num, '40', null)).toBe(RESULT.OK);
    expect(checkResult(num, '60.0', null)).toBe(RESULT.OK);
    expect(checkResult(num, '60.01', null)).toBe(RESULT.NG);
    expect(checkResult(num, '39.9', null)).toBe(RESULT.NG);
    expect(checkResult(num, null, null)).toBe(RESULT.NG);
    expect(checkResult({ kind: VALUE.NUMBER, lower: null, upper: '5' }, '-100', null)).toBe(RESULT.OK);
  });
  it('OK/NG items take the answer; no answer is NG', () => {
    const okng = { kind: VALUE.OK_NG, lower: null, upper: null };
    expect(checkResult(okng, null, RESULT.OK)).toBe(RESULT.OK);
    expect(checkResult(okng, null, RESULT.NG)).toBe(RESULT.NG);
    expect(checkResult(okng, null, null)).toBe(RESULT.NG);
  });
});

describe('experience matching', () => {
  it('splits Chinese into two-character words and keeps Latin words', () => {
    expect([...words('油温过高 PLC')]).toEqual(['plc', '油温', '温过', '过高']);
  });
  it('ranks by shared words, fault type and machine group', () => {
    const list = [
      { id: 1, text: '液压油温过高，冷却器堵塞', faultTypeId: 2, machineGroupId: 1, machineType: 1 },
      { id: 2, text: '模具漏水', faultTypeId: 5, machineGroupId: 2, machineType: 2 },
      { id: 3, text: '油温报警，更换温控表', faultTypeId: null, machineGroupId: 1, machineType: 1 },
    ];
    const got = rankExperience({ text: '油温过高报警', machineGroupId: 1 }, list);
    expect(got.map((g) => g.id)).toEqual([1, 3]);
    expect(rankExperience({ text: '无关', faultTypeId: 5 }, list).map((g) => g.id)).toEqual([2]);
    expect(rankExperience({ text: '无关的话' }, list)).toEqual([]);
  });
});
