import type { Row } from '@mes/engine-web/entity';

/** GET /Project/:id/Overview as the page reads it (overview.server.ts). */
export interface Overview {
  Project: Row & { Team?: Row[] };
  Next_Gate: number | null;
  Next_Gate_Due: string | null;
  Deliverables: {
    Deliverable_ID: number;
    Gate: number;
    Deliverable_Name: string;
    Deliverable_Status: number;
    Due_Date: string | null;
    Evidence_Required: boolean;
    Evidence_Count: number;
    Owner_Name: string | null;
    Rating: 1 | 2 | 3;
  }[];
  Red_Items: { Deliverables: string[]; Tasks: string[]; Actions: string[] };
  Scorecard: {
    Category: 'timing' | 'quality' | 'cost' | 'capacity' | 'ppap';
    Rating: 1 | 2 | 3;
    Facts: Record<string, number>;
  }[];
  Milestones: { Task_Name: string; Date: string }[];
  Counts: { Tasks: number; Open_Actions: number; Deliverables: number };
  Log: { Log_Type: number; Content: string; At: string; By: string | null }[];
}

export const RYG_COLOR = { 1: 'green', 2: 'gold', 3: 'red' } as const;
