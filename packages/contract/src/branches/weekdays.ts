/** The weekdays of a branch's opening hours, Monday first (plain values: the schemas are in branch.ts). */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
