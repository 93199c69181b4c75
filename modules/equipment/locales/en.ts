import type { Texts } from './zh';

/** The Equipment pages' texts in English. */
export const en: Texts = {
  actions: {
    Accept: 'Accept',
    Start: 'Start repair',
    Finish: 'Finish',
    Confirm: 'Accept repair',
    Reopen: 'Send back',
    Cancel: 'Cancel request',
    done: '{action}: done',
  },
  warnings: {
    title: 'Critical spares below their minimum stock',
    none: 'No critical spare is below its minimum stock',
    machine: 'Machine',
    part: 'Spare part',
    onHand: 'On hand',
    min: 'Minimum stock',
  },
  history: {
    title: 'Repair and maintenance records',
    pick: 'Choose a machine',
    when: 'When',
    kind: 'Kind',
    what: 'What',
    kinds: {
      status: 'Status change',
      request: 'Repair request',
      repair: 'Repair',
      maintain: 'Maintenance',
      check: 'Spot check',
    },
    empty: 'Nothing recorded for this machine yet',
  },
  figures: {
    title: 'Reliability figures',
    from: 'From',
    to: 'To',
    by: 'By',
    byMachine: 'By machine',
    byFault: 'By fault type',
    name: 'Name',
    failures: 'Failures',
    down: 'Down hours',
    mtbf: 'MTBF (h)',
    mttr: 'MTTR (h)',
    availability: 'Availability %',
  },
  suggest: {
    title: 'Related repair knowledge',
    none: 'No related repair knowledge yet',
    placeholder: 'Type the symptom to find related repair knowledge',
  },
  plans: { generate: 'Generate maintenance plans now', generated: '{n} new maintenance plans' },
};
