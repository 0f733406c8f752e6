import type { ExportOptions } from '../tenant-config.ts';

/** Export periods shared by the default and the labs tenant (spec §9). */
export const standardExportOptions: ExportOptions = {
  financialPassport: [
    { label: '6 months', value: 'six-months' },
    { label: '12 months', value: 'year' },
  ],
  statements: [
    { label: '30 days', value: 'month' },
    { label: '3 months', value: 'three-months' },
    { label: '6 months', value: 'six-months' },
    { label: '12 months', value: 'year' },
  ],
};
