/**
 * Storeys above ground, excluding attic and basement; the API sends the count as a string. Apart
 * from the storeys schema (storeys.ts): the labels need the counts on every page, the schema only
 * the questionnaire does.
 */
export const numberOfStoreysOptions = [
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '19',
  '20',
] as const;
export type NumberOfStoreys = (typeof numberOfStoreysOptions)[number];
