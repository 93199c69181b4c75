/**
 * Matching repair experience to a symptom being typed. Chinese has no spaces, so words are the text's
 * two-character runs plus its Latin and digit words; an entry scores by the words it shares with the
 * symptom, plus a bonus for the same fault type and the same machine group or type.
 */
export function words(text: string): Set<string> {
  const out = new Set<string>();
  const lower = text.toLowerCase();
  for (const w of lower.match(/[a-z0-9]+/g) ?? []) if (w.length > 1) out.add(w);
  for (const run of lower.match(/[\u4e00-\u9fff]+/g) ?? [])
    for (let i = 0; i + 1 < run.length; i++) out.add(run.slice(i, i + 2));
  return out;
}

export interface ExperienceCandidate {
  id: number;
  text: string;
  faultTypeId: number | null;
  machineGroupId: number | null;
  machineType: number | null;
}

export interface MatchQuery {
  text: string;
  faultTypeId?: number | null;
  machineGroupId?: number | null;
  machineType?: number | null;
}

/** Candidates that share at least one word or the fault type, best first (ties: newest first). */
export function rankExperience(q: MatchQuery, candidates: readonly ExperienceCandidate[], limit = 5) {
  const want = words(q.text);
  const scored = candidates.map((c) => {
    let score = 0;
    const have = words(c.text);
    for (const w of want) if (have.has(w)) score += 1;
    const fault = q.faultTypeId != null && c.faultTypeId === q.faultTypeId;
    if (score === 0 && !fault) return { id: c.id, score: 0 };
    if (fault) score += 3;
    if (q.machineGroupId != null && c.machineGroupId === q.machineGroupId) score += 2;
    else if (q.machineType != null && c.machineType === q.machineType) score += 1;
    return { id: c.id, score };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || b.id - a.id)
    .slice(0, limit);
}
