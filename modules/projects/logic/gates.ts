import { addDays } from './dates';

/** The APQP phase (1–6) each gate P0…P8 belongs to (DESIGN.md §10). */
const PHASE_OF_GATE = [1, 1, 2, 2, 3, 4, 4, 5, 6];

export function phaseOfGate(gate: number): number {
  return PHASE_OF_GATE[Math.max(0, Math.min(8, gate))];
}

export interface TemplateDeliverable {
  Gate: number;
  Phase: number;
  Deliverable_Name: string;
  Owner_Role: number;
  Due_Offset_Days: number;
  Evidence_Required: boolean;
}

export interface TeamMember {
  User_ID: number;
  Team_Role: number;
}

export interface CopiedDeliverable {
  Gate: number;
  Phase: number;
  Deliverable_Name: string;
  Owner_Role: number;
  Owner_ID: number | null;
  Due_Date: string;
  Evidence_Required: boolean;
}

/**
 * The template's deliverables as a project's: due dates counted from the project start, the owner
 * the first team member holding the deliverable's role (the manager for the program-manager role
 * when no member holds it), in gate order.
 */
export function copyTemplate(
  rows: TemplateDeliverable[],
  start: string,
  team: TeamMember[],
  managerId: number | null,
): CopiedDeliverable[] {
  const ownerOf = (role: number) =>
    team.find((m) => m.Team_Role === role)?.User_ID ?? (role === 1 ? managerId : null);
  return [...rows]
    .sort((a, b) => a.Gate - b.Gate || a.Due_Offset_Days - b.Due_Offset_Days)
    .map((r) => ({
      Gate: r.Gate,
      Phase: r.Phase,
      Deliverable_Name: r.Deliverable_Name,
      Owner_Role: r.Owner_Role,
      Owner_ID: ownerOf(r.Owner_Role),
      Due_Date: addDays(start, r.Due_Offset_Days),
      Evidence_Required: r.Evidence_Required,
    }));
}
